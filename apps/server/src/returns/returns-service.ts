import { eq } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import type { PageQuery } from '@voltline/shared/paging';
import type { CreateReturn, ReceiveReturn, Return, ReturnStatus, ReturnWindow } from '@voltline/shared/returns';
import type { Database } from '../db/client.ts';
import { orders, returns } from '../db/schema.ts';
import { may, type Caller } from '../identity/caller.ts';
import { returnDto, returnDtos, type OrderLifecycle } from '../orders/lifecycle/index.ts';
import { notFound } from '../platform/app-error.ts';
import type { Page, Paging } from '../platform/paging.ts';

const returnNotFound = () => notFound('Return not found');

/** A valid return id, else the return's own 404. */
function returnIdOf(returnId: string): string {
  const id = entityIdSchema.safeParse(returnId);
  if (!id.success) throw returnNotFound();
  return id.data;
}

/**
 * Returns (issue 38, decision 048): reads here, every change through the order lifecycle
 * (orders/lifecycle/returns.ts), which moves the return with the stock, the money and the history.
 */
export function createReturnsService(db: Database, lifecycle: OrderLifecycle, paging: Paging) {
  /** A page of returns, newest first, with their orders' numbers and buyers. */
  async function listPage(list: string, condition: ReturnType<typeof eq> | undefined, scope: Record<string, string | undefined>, query: PageQuery): Promise<Page<Return>> {
    const page = paging.page({
      list,
      order: { key: returns.requestedAt, keyType: 'timestamptz', id: returns.id, idType: 'uuid', direction: 'desc' },
      scope,
      query,
    });
    const select = db
      .select({ row: returns, order: { number: orders.number, buyerEamil: orders.buyerEamil }, cursorKey: page.cursorKey })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .$dynamic();
    const found = await page.read(select, condition, (row) => row.row.id);
    return { items: await returnDtos(db, found.items), nextCursor: found.nextCursor };
  }

  return {
    /** POST /purchasedSingle/{id}/returns: the buyer's own order only; anyone else's does not exist. */
    requestReturn: (caller: Caller, orderId: string, request: CreateReturn) => lifecycle.requestReturn(caller, orderId, request),

    /** GET /purchasedSingle/{id}/return-window: when its withdrawal period and warranty end, for My Orders' button. Its buyer and admins. */
    async returnWindow(caller: Caller, orderId: string): Promise<ReturnWindow> {
      const order = await lifecycle.findOrder(orderId);
      if (order.userId !== caller.userId && !may(caller, 'readOrders')) throw notFound('Order not found');
      const { withdrawalUntil, warrantyUntil } = await lifecycle.returnWindow(order.id);
      return { withdrawalUntil, warrantyUntil };
    },

    /** GET /returns: the caller's own returns. */
    listOwn: (caller: Caller, query: PageQuery) => listPage('own-returns', eq(returns.userId, caller.userId), { user: caller.userId }, query),

    /** GET /admin/returns?status=: every return, or those of one status (each way has its index). */
    listAll: (status: ReturnStatus | undefined, query: PageQuery) => listPage('admin-returns', status ? eq(returns.status, status) : undefined, { status }, query),

    /** GET /admin/returns/{id}: one return with its lines, serials and history. */
    async getReturn(returnId: string): Promise<Return> {
      const [found] = await db
        .select({ row: returns, order: { number: orders.number, buyerEamil: orders.buyerEamil } })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .where(eq(returns.id, returnIdOf(returnId)));
      if (!found) throw returnNotFound();
      return returnDto(db, found.row, found.order);
    },

    authorise: (admin: Caller, returnId: string, instructions?: string) => lifecycle.answerReturn(admin, returnIdOf(returnId), { authorise: true, instructions }),
    refuse: (admin: Caller, returnId: string, reason: string) => lifecycle.answerReturn(admin, returnIdOf(returnId), { authorise: false, reason }),
    receive: (admin: Caller, returnId: string, request: ReceiveReturn) => lifecycle.receiveReturn(admin, returnIdOf(returnId), request),
    refund: (admin: Caller, returnId: string, request: { amount?: number }) => lifecycle.refundReturn(admin, returnIdOf(returnId), request),
  };
}
export type ReturnsService = ReturnType<typeof createReturnsService>;
