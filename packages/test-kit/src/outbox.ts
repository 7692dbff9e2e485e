import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Mail the shop wrote to DATA_DIR/outbox, oldest first, with quoted-printable decoded. */
export function readOutbox(dataDir: string): string[] {
  const outboxDir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outboxDir).sort();
  } catch {
    return [];
  }
  return files.map((file) => decodeQuotedPrintable(readFileSync(path.join(outboxDir, file), 'utf8')));
}

/** Quoted-printable escapes bytes of UTF-8: a run of them is one character or more ("€" is =E2=82=AC). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run: string) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
}

/** The first link in a mail to the given path prefix, e.g. '/api/auth/reset-password/'. */
export function linkInMail(mail: string, pathPrefix: string): string {
  const match = mail.match(new RegExp(`https?://[^\\s"<>]+${pathPrefix.replaceAll('/', '\\/')}[^\\s"<>]+`));
  if (!match) throw new Error(`no ${pathPrefix} link in mail:\n${mail}`);
  return match[0];
}
