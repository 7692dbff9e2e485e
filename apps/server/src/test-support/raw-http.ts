import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One request over a real socket, with the request target sent exactly as written. app.inject and
 * fetch parse the URL first (resolving `./`, `../` and `%2e`), so they cannot send what an attacker
 * sends; node:http writes the path as given. The app starts listening on a free loopback port.
 */
export async function sendRaw(
  app: FastifyInstance,
  options: { method: string; target: string; headers?: Record<string, string>; json?: unknown },
): Promise<RawResponse> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.target,
        agent: false,
        headers: { ...options.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: text }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
