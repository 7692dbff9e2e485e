import { escapeHtml, type MailMessage } from '../platform/mailer.ts';

export function passwordResetMail(input: { to: string; name: string; url: string; validMinutes: number }): MailMessage {
  const text = [
    `Hello ${input.name},`,
    '',
    'Someone asked to reset the password of your Voltline Tools account.',
    `Open this link within ${input.validMinutes} minutes to choose a new password (it works once):`,
    input.url,
    '',
    'If it was not you, ignore this message: your password stays as it is.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(input.name)},</p>
<p>Someone asked to reset the password of your Voltline Tools account.</p>
<p><a href="${escapeHtml(input.url)}">Choose a new password</a> within ${input.validMinutes} minutes (the link works once).</p>
<p>If it was not you, ignore this message: your password stays as it is.</p>`;
  return { to: input.to, subject: 'Reset your Voltline Tools password', text, html, link: input.url };
}
