import { z } from 'zod';
import { API_SCOPES, apiScopeSchema } from './staff-roles.ts';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

/**
 * API keys for an ERP or an accounting tool (issue 41, decision 066). A key is sent as
 * `Authorization: Bearer vl_live_...`: the prefix tells it apart from the sign-in's API token (a JWT,
 * which always starts `eyJ`), and names what a leaked string is to anyone who finds it.
 */
export const API_KEY_PREFIX = 'vl_live_';

export const apiKeyInputSchema = z
  .object({
    name: text()
      .trim()
      .min(1, 'Name the key (what uses it: "ERP", "Accounting")')
      .max(TEXT_LIMITS.apiKeyName, tooLongMessage('Name', TEXT_LIMITS.apiKeyName)),
    scopes: z.array(apiScopeSchema).min(1, 'Pick at least one scope').max(API_SCOPES.length),
  })
  .strict();
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>;

/** A key as listed: never the key itself, which is shown once when it is created. */
export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(apiScopeSchema),
  createdAt: z.string(),
  /** The last call it made, to the minute (null: never used). */
  lastUsedAt: z.string().nullable(),
  /** When it was revoked (null: it works); a revoked key stays listed for the record. */
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of creating a key: the key, this once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
