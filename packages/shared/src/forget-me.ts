import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './password.ts';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';

/**
 * "Forget me" (issue 41, item 2; decision 061): a customer deletes their account from My Profile,
 * or an admin does it for a request received by mail. What the person typed and chose; the answer.
 */

/** The word the customer types to say they mean it. */
export const DELETE_WORD = 'DELETE';

/** How a kept review names its author once the account is gone. */
export const FORMER_CUSTOMER = 'A former customer';

/** The longest reference of a request received by mail an admin records (its date, a ticket number). */
const ERASURE_REQUEST_MAX_LENGTH = TEXT_LIMITS.note;

const keepReviews = z.boolean({ error: 'Choose whether your reviews stay as "a former customer" or go' });

/** DELETE /api/me: the word DELETE, the password again, and what becomes of the reviews. */
export const deleteMyAccountSchema = z.object({
  confirm: text().refine((word): boolean => word === DELETE_WORD, { message: `Type ${DELETE_WORD} to delete your account` }),
  password: text().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, 'The password is not right'),
  keepReviews,
});
export type DeleteMyAccount = z.infer<typeof deleteMyAccountSchema>;

/** POST /api/admin/users/{id}/erase: which request asked for it (recorded), and what becomes of the reviews. */
export const eraseCustomerSchema = z.object({
  request: text()
    .trim()
    .min(1, 'Request reference is required')
    .max(ERASURE_REQUEST_MAX_LENGTH, tooLongMessage('Request reference', ERASURE_REQUEST_MAX_LENGTH)),
  keepReviews,
});
export type EraseCustomer = z.infer<typeof eraseCustomerSchema>;

export const erasureAnswerSchema = z.object({
  erased: z.literal(true),
  /** Reviews kept as "a former customer" (0 when they were erased). */
  reviewsKept: z.number().int(),
});
export type ErasureAnswer = z.infer<typeof erasureAnswerSchema>;

/** The shop's words for every refusal of an erasure. */
export const forgetMeMessages = {
  accountDeleted: 'Your account has been deleted. Nothing of it is left but what tax law keeps on your invoices.',
  wrongPassword: 'The password is not right.',
  noPassword: 'Your account has no password (you sign in with another service). Set one with "Forgot password" on the login page, then delete your account.',
  adminAccount: 'A staff account is not deleted: an admin first takes its roles back (Team).',
  requestNamesCustomer: "The request reference must not name the customer's email: it stays on record after their data is gone.",
  /** Each open order, in the customer's words: why the account cannot go yet. */
  openOrders: (reasons: string[]) => `Your account cannot be deleted while an order is open: ${reasons.join('; ')}. Try again once it is closed.`,
  waitingForPayment: (order: string) => `${order} waits for payment (pay or cancel it)`,
  notShipped: (order: string) => `${order} is paid and not yet shipped`,
  returnInProgress: (order: string, returnNumber: string) => `${order} has return ${returnNumber} in progress`,
} as const;

/** What becomes of the reviews, as the forms ask it (two choices; the API takes keepReviews). */
export const REVIEW_CHOICES = { keep: `Keep my reviews, signed "${FORMER_CUSTOMER.toLowerCase()}"`, erase: 'Erase my reviews' } as const;
const reviewChoice = z.enum(['keep', 'erase'], { error: 'Choose what becomes of the reviews' });

/** My Profile's "Delete my account" form. */
export const deleteMyAccountFormSchema = deleteMyAccountSchema.omit({ keepReviews: true }).extend({ reviews: reviewChoice });
export type DeleteMyAccountForm = z.infer<typeof deleteMyAccountFormSchema>;

/** Make Admin's erase dialog, for a request received by mail. */
export const eraseCustomerFormSchema = eraseCustomerSchema.omit({ keepReviews: true }).extend({ reviews: reviewChoice });
export type EraseCustomerForm = z.infer<typeof eraseCustomerFormSchema>;
