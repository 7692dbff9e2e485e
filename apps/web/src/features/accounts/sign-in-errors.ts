import { MESSAGES } from '@voltline/shared/messages';
import { ApiRequestError, describeRequestError, NETWORK_FAILURE_CODE } from '../../lib/api-client.ts';

/** product.md, "What the shop says": a not-found answer reads "*user not found", a password one "*wrong password"; others as the server says. */
export function describeSignInError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const code = error.code.toLowerCase();
    if (code.includes('not_found')) return MESSAGES.userNotFound;
    if (code.includes('password')) return MESSAGES.wrongPassword;
  }
  return describeRequestError(error);
}

/** product.md, "What the shop says": the reset-link failure shows the provider's message without its "auth/" prefix. */
export function describePasswordResetError(error: unknown): string {
  return describeRequestError(error).replace(/^auth\//, '');
}

/** The error code a social popup reports, in words; unknown codes are shown so support can trace them. */
export function describeSocialSignInError(code: string, providerName: string): string {
  const normalised = code.toLowerCase();
  if (normalised === 'account_not_linked') return MESSAGES.socialAccountExists;
  // The server's refusals of an address the provider did not vouch for (identity/social-providers.ts).
  if (normalised === 'provider_email_not_verified') return MESSAGES.socialEmailNotVouched(providerName);
  if (normalised === 'email_not_verified') return MESSAGES.socialEmailConfirmationMailed(providerName);
  if (normalised === NETWORK_FAILURE_CODE) return MESSAGES.networkFailure;
  return `${providerName} sign-in did not finish (${code}). Please try again.`;
}
