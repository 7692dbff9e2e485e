import { eq } from 'drizzle-orm';
import type { Tool } from '@voltline/shared/tool';
import { orderRequest, placeOrderOverHttp, placePaidOrderOverHttp, testCard, type Delivery } from '@voltline/test-kit/orders';
import { newTool } from '@voltline/test-kit/tools';
import { toolColumns } from '../catalogue/tool-dto.ts';
import type { DbExecutor } from '../db/client.ts';
import { authUsers, orderLines, orders, paymentIntents, tools } from '../db/schema.ts';
import { moveStock } from '../orders/lifecycle/stock-moves.ts';
import type { TestShop } from './test-app.ts';
import { apiSessionOf, bearer, type TestUser } from './test-users.ts';

export async function firstTool(shop: TestShop): Promise<Tool> {
  return (await shop.app.inject({ method: 'GET', url: '/api/getTools' })).json()[0];
}

/** A tool's row as stored: its stock and promised units, which the catalogue does not show. */
export async function toolRow(shop: TestShop, toolId: string) {
  return (await shop.database.db.select().from(tools).where(eq(tools.id, toolId)))[0]!;
}

/** A tool's row as a test writes it straight to the database: test-kit's new tool, its price in cents. */
export const newToolRow = (overrides: Parameters<typeof newTool>[0] = {}) => toolColumns(newTool(overrides));

/**
 * A tool of the test's own, so stock arithmetic is not disturbed by other tests: written straight
 * to the database, answered as the catalogue shows it.
 */
export async function freshTool(shop: TestShop, availableQuantity: number, minimumOrderQuantity = 1, price = 10, toolName?: string): Promise<Tool> {
  // Its stock is its opening movement, as for a tool an admin adds (decision 041): the ledger balances.
  const row = await shop.database.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(tools)
      .values(newToolRow({ price, minimumOrderQuantity, availableQuantity: 0, ...(toolName === undefined ? {} : { toolName }) }))
      .returning();
    await moveStock(tx, { toolId: added!.id, kind: 'opening', units: availableQuantity, actor: null });
    return added;
  });
  return (await shop.app.inject({ method: 'GET', url: `/api/getTool/${row!.id}` })).json();
}

/** Where the server suites' orders go (the invoice tests find it on the PDF). */
const SUITE_DELIVERY: Delivery = { phone: '5550100', address: '1 Circuit Road' };

/** The body of POST /api/purchased a server suite sends (test-kit's orderRequest, delivered where the suites' orders go), for tests that read a refusal. */
export const suiteOrderRequest = (tool: Pick<Tool, '_id' | 'minimumOrderQuantity'>, quantity?: number) => orderRequest(tool, quantity, SUITE_DELIVERY);

/** Places an order (at the tool's minimum quantity unless told) through the real endpoint: test-kit's factory, in process. */
export function placeOrder(shop: TestShop, user: TestUser, tool: Tool, quantity = tool.minimumOrderQuantity): Promise<string> {
  return placeOrderOverHttp(apiSessionOf(shop, user), tool, quantity, SUITE_DELIVERY);
}

export async function createIntent(shop: TestShop, user: TestUser, orderId: string) {
  return shop.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(user), payload: { orderId, price: 1 } });
}

export const card = testCard;

/** A German shop charging 19 % on prices that include it (issue 29): what its documents print of the seller. */
export const GERMAN_SHOP = {
  SHOP_LEGAL_NAME: 'Voltline Tools GmbH',
  SHOP_ADDRESS: '7 Ohm Street, 10115 Berlin',
  SHOP_TAX_ID: 'DE123456789',
  SHOP_COUNTRY: 'DE',
  SHOP_VAT_RATE: '19',
};

/** An order paid with Stripe's success test card through the built-in gateway. */
export function placePaidOrder(shop: TestShop, user: TestUser, tool: Tool, quantity = tool.minimumOrderQuantity): Promise<string> {
  return placePaidOrderOverHttp(apiSessionOf(shop, user), tool, quantity, SUITE_DELIVERY);
}

/**
 * An order row written straight to the database, for races that need many orders of one tool at
 * once: at $1 a unit, bought by nobody in particular. `paid` adds a transaction id and a pending delivery.
 */
export function rawOrderRow(tool: { id: string; toolName: string; img: string }, quantity: number, paid?: { transactionId: string }): typeof orders.$inferInsert {
  return {
    toolId: tool.id,
    userId: null,
    product: tool.toolName,
    img: tool.img,
    unitPriceCents: 100,
    quantity,
    priceCents: quantity * 100,
    buyer: 'Racer',
    buyerEamil: 'racer@example.com',
    phone: '5550100',
    address: 'Track 1',
    purchaseDate: 'Saturday, Nov 21, 2026',
    ...(paid ? { status: 'paid' as const, delivery: 'pending' as const, transactionId: paid.transactionId } : { status: 'unpaid' as const }),
  };
}

/**
 * Order rows written straight to the database, each with its one line copied from the row (as
 * placing writes it and migration 0022 made of every older order). Returns the orders written.
 */
export async function insertOneLineOrders(db: DbExecutor, rows: (typeof orders.$inferInsert)[]) {
  const written = await db.insert(orders).values(rows).returning();
  if (written.length > 0) {
    await db.insert(orderLines).values(
      written.map((order) => ({
        orderId: order.id,
        position: 0,
        toolId: order.toolId,
        product: order.product,
        img: order.img,
        quantity: order.quantity,
        unitPriceCents: order.unitPriceCents,
        lineTotalCents: order.priceCents,
      })),
    );
  }
  return written;
}

/**
 * Opens the built-in card form of each of these unpaid orders, as create-payment-intent would, for
 * its total: written straight to the database so races over many orders stay quick. Returns each
 * order's client secret, in the orders' order, for the confirm endpoint.
 */
export async function openCardForms(db: DbExecutor, unpaid: { id: string; priceCents: number }[]): Promise<string[]> {
  const intentIds = unpaid.map((order) => `pi_test_${order.id.replaceAll('-', '')}`);
  const secrets = intentIds.map((intentId) => `${intentId}_secret_race`);
  await db.insert(paymentIntents).values(
    unpaid.map((order, i) => ({
      id: intentIds[i]!,
      orderId: order.id,
      provider: 'builtin' as const,
      amountCents: order.priceCents,
      clientSecret: secrets[i]!,
      status: 'requires_payment_method' as const,
    })),
  );
  return secrets;
}

/** A customer as the services see them (the caller of a request), for calls made past HTTP. */
export async function callerOf(shop: TestShop, user: TestUser) {
  const [account] = await shop.database.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, user.email));
  return { userId: account!.id, email: user.email, name: user.name, role: 'user' as const, roles: [], profileId: user.profileId, twoFactorEnabled: false };
}

/** A paid order of several tools: placed through the lifecycle as the checkout does, paid with the success card. */
export async function paidOrderOf(shop: TestShop, user: TestUser, lines: { tool: Tool; quantity: number }[]): Promise<string> {
  const { insertedId } = await shop.core.orders.placeOrderOfLines(await callerOf(shop, user), {
    lines: lines.map(({ tool, quantity }) => ({ toolId: tool._id, quantity })),
    phone: '5550100',
    address: '1 Circuit Road',
    pricing: { country: 'US' },
  });
  const intent = (await createIntent(shop, user, insertedId)).json();
  const paid = await shop.app.inject({ method: 'POST', url: '/api/payments/builtin/confirm', payload: { clientSecret: intent.clientSecret, card: card('4242424242424242') } });
  if (paid.statusCode !== 200) throw new Error(`payment of ${insertedId} failed: ${paid.body}`);
  return insertedId;
}
