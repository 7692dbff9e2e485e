// The words of back-in-stock alerts, in a module of their own without zod (stock-alerts.ts builds its
// schemas on load), so the public tool page that offers the alert does not carry zod into the browser
// until a visitor sends the form.

export const stockAlertMessages = {
  formHeading: 'Tell me when it is back',
  /** The same words whether the email asked before or not, so no one learns who did. */
  asked: (toolName: string) => `Thank you. We will mail you once when ${toolName} is back in stock.`,
  inStock: (toolName: string) => `${toolName} is in stock: you can order it now.`,
  tooMany: (wait: string) => `This email asked for many alerts just now. Try again in ${wait}.`,
  unsubscribed: 'You will get no more back-in-stock mail from us. Ask again on a tool page whenever you like.',
  unsubscribeQuestion: 'Stop the back-in-stock mail to this address?',
  badLink: 'This unsubscribe link is not valid. Use the link in the mail as it was sent.',
} as const;
