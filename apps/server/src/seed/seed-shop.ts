import { toCents } from '@voltline/shared/money';
import type { Database } from '../db/client.ts';
import { reviews, shopState, tools } from '../db/schema.ts';
import { moveStock } from '../orders/lifecycle/stock-moves.ts';
import { reviewDateAndTime } from '../reviews/reviews-service.ts';
import { seedReviews } from './seed-reviews.ts';
import { seedTools } from './seed-tools.ts';
import { seedCatalogueTree } from './seed-categories.ts';

const SEEDED_KEY = 'seeded_at';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * First start only: fills the catalogue (its tools, categories and specifications) and reviews. The marker row makes it run once per
 * database, so a shop owner who deletes every seeded tool does not see them come back.
 */
export async function seedShopOnFirstStart(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(shopState)
      .values({ key: SEEDED_KEY, value: now.toISOString() })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return false;

    // Array order is oldest first; a minute apart keeps "newest first" stable.
    // Each tool's stock is its opening movement (decision 041): the tools start at 0 and move to it.
    const added = await tx
      .insert(tools)
      .values(
        seedTools.map(({ price, availableQuantity: _stock, ...tool }, index) => ({
          ...tool,
          priceCents: toCents(price),
          availableQuantity: 0,
          createdAt: new Date(now.getTime() - (seedTools.length - index) * 60_000),
        })),
      )
      .returning({ id: tools.id, toolName: tools.toolName });
    for (const tool of added) {
      const stock = seedTools.find((seeded) => seeded.toolName === tool.toolName)!.availableQuantity;
      await moveStock(tx, { toolId: tool.id, kind: 'opening', units: stock, actor: null });
    }
    // The seeded tools in a small tree of categories with their specifications (issue 40).
    await seedCatalogueTree(tx, (toolName) => added.find((tool) => tool.toolName === toolName)!.id);
    await tx.insert(reviews).values(
      seedReviews.map(({ daysAgo, writtenAtHour, ...review }) => {
        // Each review at its own time of its day, not the moment the shop first started: ten
        // reviews all written at the same minute would read as made up.
        const writtenAt = new Date(now.getTime() - daysAgo * DAY_MS);
        writtenAt.setHours(Math.floor(writtenAtHour), Math.round((writtenAtHour % 1) * 60), 0, 0);
        return { ...review, ...reviewDateAndTime(writtenAt), createdAt: writtenAt };
      }),
    );
    return true;
  });
}
