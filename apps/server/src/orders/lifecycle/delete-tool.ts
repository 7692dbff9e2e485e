import { eq } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import { toolDeletionMessages } from '@voltline/shared/tool';
import { tools } from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/app-error.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { cancelUnpaidOrders } from './cancel.ts';
import type { Actor, LifecycleDeps } from './context.ts';
import { ordersHoldingTool } from './units.ts';

/**
 * DELETE /deleteTool/{id}: the tool leaves the catalogue and sells nothing more. Its unpaid orders
 * are cancelled in the same transaction (history and the buyers' mail included), so none can be
 * paid afterwards; its paid, unshipped orders stay shippable, which is why a tool whose stock no
 * longer covers what they were promised is refused (product.md, "States"). The tool row is
 * locked first (lockTool): placements, payments, shipments and refunds of it wait, then find it gone.
 */
export const deletingTool =
  (deps: LifecycleDeps) =>
  async (admin: NonNullable<Actor>, toolId: string): Promise<{ acknowledged: true; deletedCount: number }> => {
    const id = entityIdSchema.safeParse(toolId);
    if (!id.success) throw notFound('Tool not found');
    const result = await deps.db.transaction(async (tx) => {
      const [tool] = await tx.select().from(tools).where(eq(tools.id, id.data)).for('update');
      if (!tool) throw notFound('Tool not found');
      if (tool.promisedQuantity > tool.availableQuantity) {
        throw new AppError('conflict', toolDeletionMessages.owesUnits(tool.promisedQuantity, tool.availableQuantity));
      }
      await cancelUnpaidOrders(
        deps,
        tx,
        // Every unpaid order with a line of the tool, whichever line.
        ordersHoldingTool(tool.id),
        { actor: admin, detail: 'the tool was deleted from the catalogue', reason: 'because the tool is no longer sold' },
        new Date(),
      );
      // The orders keep their own snapshot of the tool; their tool_id becomes null (decision 003).
      await tx.delete(tools).where(eq(tools.id, tool.id));
      const { createdAt: _created, promisedQuantity: _promised, ...deleted } = tool;
      await recordAudit(tx, { actor: admin, kind: 'tool', action: 'deleted', subject: tool.id, before: deleted, after: null });
      return { acknowledged: true as const, deletedCount: 1 };
    });
    deps.catalogueCache.invalidate();
    return result;
  };
