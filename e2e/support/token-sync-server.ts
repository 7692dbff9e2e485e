import { createServer } from 'node:http';

interface TokenSyncCall {
  method: string;
  authorization: string | undefined;
}

/**
 * A token-sync server on loopback (product.md, "The API", AUTH_TOKEN_SYNC_URL), on another origin than the shop:
 * it answers the browser's CORS preflights and records the POSTs and DELETEs that follow them.
 */
export async function startTokenSyncServer() {
  const calls: TokenSyncCall[] = [];
  const server = createServer((request, response) => {
    const cors = { 'access-control-allow-origin': request.headers.origin ?? '*' };
    if (request.method === 'OPTIONS') {
      response
        .writeHead(204, { ...cors, 'access-control-allow-methods': 'POST, DELETE', 'access-control-allow-headers': 'authorization', 'access-control-max-age': '600' })
        .end();
      return;
    }
    request.resume();
    request.on('end', () => {
      calls.push({ method: request.method ?? '', authorization: request.headers.authorization });
      response.writeHead(204, cors).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/token-sync`,
    calls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type TokenSyncServer = Awaited<ReturnType<typeof startTokenSyncServer>>;
