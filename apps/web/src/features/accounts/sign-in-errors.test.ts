import { describe, expect, it } from 'vitest';
import { describeSocialSignInError } from './sign-in-errors.ts';

describe('social sign-in errors in words', () => {
  it('says why a provider address was refused, and what to do', () => {
    expect(describeSocialSignInError('provider_email_not_verified', 'GitHub')).toBe(
      'GitHub has not confirmed your email address, so the shop cannot sign you in with it. Confirm it at GitHub, or register with email and password.',
    );
    expect(describeSocialSignInError('email_not_verified', 'Facebook')).toBe(
      'Confirm your email address first: open the link we mailed to it, then sign in with Facebook again.',
    );
  });
});
