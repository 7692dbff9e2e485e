import { createServer, type Server } from 'node:http';

interface ReceivedWebhook {
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
