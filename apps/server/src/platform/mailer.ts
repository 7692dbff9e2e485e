import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes when it is not the sender: the visitor who asked a query. */
  replyTo?: string;
  /** The one link the reader must follow, logged when mail goes to the outbox folder. */
  link?: string;
  /**
   * Mail a reader asked for and may stop (a back-in-stock alert): sent with List-Unsubscribe and
   * List-Unsubscribe-Post (RFC 8058), so a mail program offers one-click unsubscribe by POSTing to it.
   */
  unsubscribeUrl?: string;
  /**
   * Invoices and credit notes the mail carries. The outbox keeps only these references, so its rows
   * stay small; the PDF is rendered from the document's stored copy when the mail is sent.
   */
  documents?: DocumentAttachment[];
}

export interface DocumentAttachment {
  kind: 'invoice' | 'credit_note';
  id: string;
  number: string;
}

/** A file as the mail carries it. */
export interface MailFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A message ready to go: its documents rendered into files. */
export type SendableMail = Omit<MailMessage, 'documents'> & { files?: MailFile[] };

export interface Mailer {
  send(message: SendableMail): Promise<void>;
}

/** For the HTML part of a message: text the shop did not write goes in escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The headers of a mail its reader may stop with one click (RFC 8058). */
const unsubscribeHeaders = (url: string | undefined) =>
  url ? { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;

/**
 * Over SMTP when SMTP_URL is set. Otherwise every message becomes an .eml file in
 * DATA_DIR/outbox and its link is logged, so password reset works on a laptop with no mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: Pick<FastifyBaseLogger, 'info'>;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send({ to, replyTo, subject, text, html, files, unsubscribeUrl }) {
        await transport.sendMail({ from: options.from, to, replyTo, subject, text, html, attachments: files, headers: unsubscribeHeaders(unsubscribeUrl) });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, replyTo, subject, text, html, link, files, unsubscribeUrl }) {
      const info = await transport.sendMail({ from: options.from, to, replyTo, subject, text, html, attachments: files, headers: unsubscribeHeaders(unsubscribeUrl) });
      const fileName = `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.eml`;
      const filePath = path.join(options.outboxDir, fileName);
      await writeFile(filePath, info.message as Buffer).catch(async (error: NodeJS.ErrnoException) => {
        // The folder is made when a mail finds it missing, not checked before every mail: every order sends one.
        if (error.code !== 'ENOENT') throw error;
        await mkdir(options.outboxDir, { recursive: true });
        await writeFile(filePath, info.message as Buffer);
      });
      options.log.info({ to, subject, file: filePath, link }, 'mail written to the outbox');
    },
  };
}
