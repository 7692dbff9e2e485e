import { z } from 'zod';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

/**
 * Back in stock (issue 37, item 4): a visitor or customer leaves an email on an out-of-stock tool's
 * page; the shop mails it once when customers can order the tool again (decision 045).
 */
export const stockAlertRequestSchema = z.object({
  email: text()
    .trim()
    .min(1, 'Email is required')
    .max(TEXT_LIMITS.email, tooLongMessage('Email', TEXT_LIMITS.email))
    .pipe(z.email('Enter a valid email')),
});
export type StockAlertRequest = z.infer<typeof stockAlertRequestSchema>;

/** The answer to a request: its words only, the same whether or not that email had already asked. */
export const stockAlertAnswerSchema = z.object({
  /** true: the shop will mail once the tool is back; false: the tool can be ordered now, nothing was stored. */
  waiting: z.boolean(),
  message: z.string(),
});
export type StockAlertAnswer = z.infer<typeof stockAlertAnswerSchema>;

/** How many open alerts wait for a tool to come back (the Stock dialog of Manage Tools). */
export const stockAlertCountSchema = z.object({ waiting: z.number().int().nonnegative() });
export type StockAlertCount = z.infer<typeof stockAlertCountSchema>;
