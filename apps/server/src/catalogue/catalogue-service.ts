import { desc, eq } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import type { Tool } from '@voltline/shared/tool';
import type { Database } from '../db/client.ts';
import { tools } from '../db/schema.ts';
import { notFound } from '../http/app-error.ts';

type ToolRow = typeof tools.$inferSelect;

export function toToolDto(row: ToolRow): Tool {
  return {
    _id: row.id,
    toolName: row.toolName,
    description: row.description,
    img: row.img,
    price: row.price,
    minimumOrderQuantity: row.minimumOrderQuantity,
    availableQuantity: row.availableQuantity,
  };
}

export function createCatalogueService(db: Database) {
  return {
    /** The whole catalogue, newest first. */
    async listTools(): Promise<Tool[]> {
      const rows = await db.select().from(tools).orderBy(desc(tools.createdAt), desc(tools.id));
      return rows.map(toToolDto);
    },

    /** One tool; a malformed id is simply a tool that does not exist. */
    async getTool(toolId: string): Promise<Tool> {
      const id = entityIdSchema.safeParse(toolId);
      if (!id.success) throw notFound('Tool not found');
      const [row] = await db.select().from(tools).where(eq(tools.id, id.data));
      if (!row) throw notFound('Tool not found');
      return toToolDto(row);
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
