import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded';
  client_secret: string;
  metadata: Record<string, string>;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
}

/**
 * A local HTTP stand-in for the part of Stripe's API the shop uses (create and retrieve
 * PaymentIntents, create Refunds). The official SDK talks to it over HTTP; nothing of ours is stubbed.
 */
export async function startFakeStripeApi() {
  const intents = new Map<string, FakeIntent>();
  const idempotent = new Map<string, FakeIntent | FakeRefund>();
  const refunds: FakeRefund[] = [];
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      requests.push(`${request.method} ${request.url}`);
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(4).toString('hex')}` });
        response.end(JSON.stringify(payload));
      };
      if (request.headers.authorization !== 'Bearer sk_test_voltline') {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      const key = request.headers['idempotency-key'] as string | undefined;
      if (request.method === 'POST' && request.url === '/v1/refunds') {
        if (key && idempotent.has(key)) return send(200, idempotent.get(key));
        const form = new URLSearchParams(body);
        const intent = intents.get(form.get('payment_intent') ?? '');
        if (!intent) return send(400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
        if (intent.status !== 'succeeded') {
          return send(400, { error: { type: 'invalid_request_error', code: 'charge_not_succeeded', message: 'This PaymentIntent has no successful charge to refund.' } });
        }
        const already = refunds.filter((refund) => refund.payment_intent === intent.id).reduce((sum, refund) => sum + refund.amount, 0);
        const amount = Number(form.get('amount') ?? intent.amount - already);
        // Stripe's own rule: never more back than was charged.
        if (already + amount > intent.amount) {
          return send(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Refund amount is greater than unrefunded amount on charge' } });
        }
        const refund: FakeRefund = { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund', amount, payment_intent: intent.id, status: 'succeeded' };
        refunds.push(refund);
        if (key) idempotent.set(key, refund);
        return send(200, refund);
      }
      const match = request.url?.match(/^\/v1\/payment_intents(?:\/([A-Za-z0-9_]+))?$/);
      if (!match) return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      if (request.method === 'POST' && !match[1]) {
        if (key && idempotent.has(key)) return send(200, idempotent.get(key));
        const form = new URLSearchParams(body);
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'usd',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          metadata: { orderId: form.get('metadata[orderId]') ?? '' },
        };
        intents.set(id, intent);
        if (key) idempotent.set(key, intent);
        return send(200, intent);
      }
      if (request.method === 'GET' && match[1]) {
        const intent = intents.get(match[1]);
        return intent
          ? send(200, intent)
          : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${match[1]}'` } });
      }
      return send(405, { error: { type: 'invalid_request_error', message: 'Method not allowed' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    /** What happens at Stripe when the customer's card is accepted in Stripe Elements. */
    succeed(intentId: string) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intent.status = 'succeeded';
      return intent;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripeApi = Awaited<ReturnType<typeof startFakeStripeApi>>;
