/**
 * What a signed-in user typed into a form, kept in sessionStorage under their id (issue 43: a reload
 * mid-checkout lost the phone, the address and the coupon). sessionStorage, not localStorage: it
 * stays with the tab and goes with it, and nothing personal is left for the next user of the
 * browser; signing out drops every draft at once (session-provider.tsx).
 */
const DRAFT_PREFIX = 'voltline:draft:';

const draftKey = (userId: string, form: string) => `${DRAFT_PREFIX}${userId}:${form}`;

/** Storage may be missing (the server's render) or refused (a browser's privacy settings): drafts are then not kept. */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The user's draft of `form`, or null: none, or not readable (another version's, hand-edited). */
export function readDraft(userId: string, form: string): Record<string, unknown> | null {
  try {
    const stored = storage()?.getItem(draftKey(userId, form));
    const draft: unknown = stored ? JSON.parse(stored) : null;
    return draft !== null && typeof draft === 'object' && !Array.isArray(draft) ? (draft as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function writeDraft(userId: string, form: string, values: Record<string, unknown>): void {
  try {
    storage()?.setItem(draftKey(userId, form), JSON.stringify(values));
  } catch {
    // A full storage keeps the form working, only without the draft.
  }
}

export function clearDraft(userId: string, form: string): void {
  storage()?.removeItem(draftKey(userId, form));
}

/** Every user's drafts in this tab: at sign-out, whoever it was. */
export function clearAllDrafts(): void {
  const drafts = storage();
  if (!drafts) return;
  const keys = Array.from({ length: drafts.length }, (_, index) => drafts.key(index)).filter((key): key is string => key?.startsWith(DRAFT_PREFIX) ?? false);
  for (const key of keys) drafts.removeItem(key);
}
