/** User-facing texts of the spec (section 8), with obvious typos fixed (see docs/spec-deviations.md). */
export const MESSAGES = {
  querySubmitted: 'Your query is submitted successfully',
  userNotFound: '*user not found',
  wrongPassword: '*wrong password',
  passwordResetSent: 'password reset email has been sent successfully',
  passwordChanged: 'Your password has been changed. Please log in with the new password.',
  profileUpdated: 'Profile has been updated successfully.',
  infoAdded: 'Info added successfully',
  noUserLoggedIn: 'No user is logged in.',
  madeAdmin: (name: string) => `${name} is made an admin`,
  adminRemoved: (name: string) => `${name} is no longer an admin`,
  nameChanged: 'Your name has been changed.',
  passwordUpdated: 'Your password has been changed. Other devices signed in with the old one are signed out.',
  socialPopupClosed: 'The sign-in window was closed before signing in finished.',
  socialPopupBlocked: 'The sign-in window was blocked by the browser. Allow pop-ups for this site and try again.',
  socialAccountExists:
    'An account already exists with this email address but a different sign-in method. Log in with that method instead.',
  networkFailure: 'The shop could not be reached. Check your connection and try again.',
  /** The server refused the stored token (expired, revoked): the user is signed out and told why. */
  sessionEnded: 'Your session ended. Please log in again.',
  /** A signed-in customer who opens an admin page. */
  adminsOnly: 'This page is for admins',
  /** A member of staff on a back-office page their roles do not open (decision 063). */
  notYourRolesPage: 'Your roles do not open this page',
  socialEmailNotVouched: (provider: string) =>
    `${provider} has not confirmed your email address, so the shop cannot sign you in with it. Confirm it at ${provider}, or register with email and password.`,
  socialEmailConfirmationMailed: (provider: string) =>
    `Confirm your email address first: open the link we mailed to it, then sign in with ${provider} again.`,
} as const;
