import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { WEBHOOK_SIGNATURE_HEADER } from '@voltline/shared/webhook';

export interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A system on loopback receiving the shop's webhooks; `answers` scripts its status codes. */
export async function startWebhookReceiver(answers: number[] = []) {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/hooks`, received, answers, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * Whether a delivery carries the signature the documented scheme (`t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "t.body">`) gives with this secret: recomputed here from the documentation, as a
 * receiver would, so a test does not vouch for the shop's signing with the shop's own code.
 */
export function isSignedWith(secret: string, delivery: ReceivedWebhook): boolean {
  const signature = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers[WEBHOOK_SIGNATURE_HEADER] ?? ''));
  return signature !== null && createHmac('sha256', secret).update(`${signature[1]}.${delivery.body}`).digest('hex') === signature[2];
}
