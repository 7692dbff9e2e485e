import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { images, webhookEndpoints } from '../db/schema.ts';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, registerUser, type TestUser } from '../test-support/test-users.ts';

const LIMIT = 3;

/** One account writing too quickly is slowed down; the next account, even from the same address, is not. */
describe.each(testDatabaseKinds)('per-account write limits on $name', (kind) => {
  const shop = useTestShop(kind, {
    seed: true,
    tool: true,
    environment: {
      ORDER_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      CART_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      REVIEW_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      UPLOAD_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      WEBHOOK_ENDPOINT_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    },
  });
  let picture: Buffer;
  beforeAll(async () => {
    picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f5a524' } }).png().toBuffer();
  });

  const boundary = '----voltline-limit-boundary';
  let cartChanges = 0;
  const writes = {
    orders: (user: TestUser) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/purchased',
        headers: bearer(user),
        payload: { toolId: shop.tool._id, quantity: shop.tool.minimumOrderQuantity, phone: '5550100', address: '1 Circuit Road' },
      }),
    // Each change one unit more, so a change let through past the limit would show in the cart.
    cart: (user: TestUser) => {
      cartChanges += 1;
      return shop.app.inject({
        method: 'PUT',
        url: `/api/cart/lines/${shop.tool._id}`,
        headers: bearer(user),
        payload: { quantity: shop.tool.minimumOrderQuantity + cartChanges },
      });
    },
    reviews: (user: TestUser) =>
      shop.app.inject({ method: 'POST', url: '/api/review', headers: bearer(user), payload: { review: 'Quick review', rating: 5 } }),
    uploads: (user: TestUser) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...bearer(user), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
          picture,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      }),
    webhookEndpoints: (user: TestUser) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/webhook-endpoints',
        headers: bearer(user),
        payload: { url: 'https://93.184.216.34/hooks', events: ['order.placed'] },
      }),
  };

  /** Every row a write of any kind could leave. */
  const everything = async () => ({
    ...(await snapshotShop(shop.database.db)),
    images: (await shop.database.db.select({ id: images.id }).from(images)).map((row) => row.id).sort(),
    endpoints: (await shop.database.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints)).map((row) => row.id).sort(),
  });

  it.each([
    ['orders', 'placing orders', 'user'],
    ['cart', 'changing your cart', 'user'],
    ['reviews', 'adding reviews', 'user'],
    ['uploads', 'uploading pictures', 'user'],
    ['webhookEndpoints', 'adding webhook endpoints', 'admin'],
  ] as const)('limits %s per account: a 429 in words past the limit, nothing stored, another account unaffected', async (write, activity, role) => {
    const [busy, other] = [await registerUser(shop, role === 'admin' ? { role } : {}), await registerUser(shop, role === 'admin' ? { role } : {})];
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await writes[write](busy)).statusCode).toBe(200);

    const before = await everything();
    const refused = await writes[write](busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'too_many_requests',
      message: expect.stringMatching(new RegExp(`^You are ${activity} too quickly\\. Try again in \\d+ seconds?\\.$`)),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await everything()).toEqual(before);

    // Same address, another account: not slowed down by the first one.
    expect((await writes[write](other)).statusCode).toBe(200);
  });
});
