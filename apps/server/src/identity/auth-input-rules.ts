import { APIError } from 'better-auth/api';
import { isValidPassword, PASSWORD_NOT_VALID } from '@voltline/shared/password';
import { textProblem } from '@voltline/shared/text';
import { clipText, TEXT_LIMITS, tooLongMessage } from '@voltline/shared/text-limits';
import { brokenCharacterMessage, controlCharacterMessage, fieldLabel } from '@voltline/shared/validation-messages';

/**
 * The shop's rules for what better-auth stores: checked on each call's body before better-auth acts
 * (a clear refusal, nothing written), and again on each user and session row it writes, whatever
 * the path (an OAuth provider's profile never passes through a body we see).
 */

/** Calls whose `password` is the user's current one, to be checked; everywhere else it sets one. */
const CURRENT_PASSWORD_PATHS = new Set([
  '/sign-in/email',
  '/verify-password',
  '/delete-user',
  // Turning two-step sign-in on or off, or renewing its codes, asks for the password the account has.
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
]);

/** A provider's picture address (the shop shows its own uploads, never this one). */
const PICTURE_ADDRESS_MAX = 2000;

/** Any other text in a call's body, e.g. the return addresses an OAuth start keeps with its state. */
const OTHER_TEXT_MAX = 2000;

/** Browsers send a few hundred characters; a session keeps no more than this of whatever was sent. */
const USER_AGENT_MAX = 500;

interface TextField {
  label: string;
  max: number;
  /** better-auth takes null to remove it. */
  nullable?: boolean;
}

/** Body fields better-auth copies into the user row (sign-up, update-user, change-email). */
const USER_TEXT_FIELDS: Record<string, TextField> = {
  name: { label: 'Name', max: TEXT_LIMITS.personName },
  email: { label: 'Email', max: TEXT_LIMITS.email },
  newEmail: { label: 'Email', max: TEXT_LIMITS.email },
  image: { label: 'Picture address', max: PICTURE_ADDRESS_MAX, nullable: true },
};

const refusal = (code: string, message: string) => new APIError('BAD_REQUEST', { code, message });

function asRecord(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * Every password a call would store must follow the spec's rules: `newPassword` anywhere, and
 * `password` except where it is the current one. Going by field rather than by endpoint, a valid
 * decoy next to the stored field proves nothing, and an endpoint a better-auth upgrade adds cannot
 * skip the rules.
 */
function assertNewPasswordsFollowRules(path: string, body: Record<string, unknown>): void {
  const fields = CURRENT_PASSWORD_PATHS.has(path) ? ['newPassword'] : ['password', 'newPassword'];
  for (const field of fields) {
    const password = body[field];
    if (password !== undefined && (typeof password !== 'string' || !isValidPassword(password))) {
      throw refusal('PASSWORD_NOT_VALID', PASSWORD_NOT_VALID);
    }
  }
}

/** Every text in a call's body has a maximum, whichever endpoint takes it. */
function assertTextsFit(body: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(body)) {
    const known = USER_TEXT_FIELDS[field];
    if (known && typeof value !== 'string' && !(known.nullable && value === null)) {
      throw refusal('BAD_REQUEST', `${known.label} must be text`);
    }
    const max = known?.max ?? OTHER_TEXT_MAX;
    if (typeof value === 'string' && value.length > max) throw refusal('BAD_REQUEST', tooLongMessage(known?.label ?? field, max));
  }
}

/**
 * Every text a call carries is text (the rule of the shop's own schemas, @voltline/shared/text):
 * no control character, none of them with lines, and no half of a character. Nested values too,
 * and the query and path parameters, so no text of a call better-auth looks up or stores (an
 * email, a reset token, the state an OAuth start keeps) can carry a NUL, which PostgreSQL refuses.
 */
function assertTextIsText(value: unknown, field: string | undefined): void {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem === undefined) return;
    const label = (field && USER_TEXT_FIELDS[field]?.label) ?? fieldLabel(field === undefined ? [] : [field]);
    throw refusal('BAD_REQUEST', problem === 'control-character' ? controlCharacterMessage(label) : brokenCharacterMessage(label));
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) assertTextIsText(inner, Array.isArray(value) ? field : key);
  }
}

/** What a call sends besides its body: the query and the path's parameters. */
export interface AuthCallAddress {
  query?: unknown;
  params?: unknown;
}

/** The before-hook's check of a better-auth call (`path` as better-auth names it, e.g. `/sign-up/email`). */
export function assertAuthCallAcceptable(path: string, body: unknown, { query, params }: AuthCallAddress = {}): void {
  assertTextIsText(query, undefined);
  assertTextIsText(params, undefined);
  assertTextIsText(body, undefined);
  const fields = asRecord(body);
  assertTextsFit(fields);
  assertNewPasswordsFollowRules(path, fields);
}

/**
 * A user row as the shop stores it. Bodies were checked already, so this bounds what came from
 * elsewhere (a provider's profile): the name is clipped, an over-long picture address dropped; an
 * email that long is no address, so that row is refused.
 */
export function boundedUser<T extends { name?: unknown; email?: unknown; image?: unknown }>(user: T): T {
  if (typeof user.email === 'string' && user.email.length > TEXT_LIMITS.email) {
    throw refusal('BAD_REQUEST', tooLongMessage('Email', TEXT_LIMITS.email));
  }
  return {
    ...user,
    ...(typeof user.name === 'string' ? { name: clipText(user.name, TEXT_LIMITS.personName) } : {}),
    ...(typeof user.image === 'string' && user.image.length > PICTURE_ADDRESS_MAX ? { image: null } : {}),
  };
}

/** A session row keeps a bounded part of the browser's User-Agent header. */
export function boundedSession<T extends { userAgent?: string | null }>(session: T): T {
  return typeof session.userAgent === 'string' ? { ...session, userAgent: clipText(session.userAgent, USER_AGENT_MAX) } : session;
}
