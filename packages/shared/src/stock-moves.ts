import { z } from 'zod';
import { entityIdSchema } from './id.ts';
import { pageQuerySchema } from './paging.ts';
import { text } from './text.ts';
import { TEXT_LIMITS, tooLongMessage } from './text-limits.ts';
import { formatCount } from './validation-messages.ts';
import { wholeNumberSchema } from './whole-number.ts';

/**
 * Stock as a ledger (issue 37, decision 041): every change of a tool's stock is a movement of one
 * of these kinds, and a tool's stock is the sum of its movements. `opening` is the stock a tool
 * had when the ledger began (or when it was added); `shipped` goes with its order.
 */
export const STOCK_MOVE_KINDS = ['opening', 'received', 'counted', 'shipped', 'returned', 'scrapped'] as const;
export type StockMoveKind = (typeof STOCK_MOVE_KINDS)[number];

/** The most units one movement an admin records may move: a production batch, not a typo of a million. */
const STOCK_MOVE_MAX_UNITS = 1_000_000;
/** As the available quantity of a tool's form (tool.ts). */
const STOCK_LEVEL_MAX = 10_000_000;

const units = (label: string) => wholeNumberSchema(label, { min: 1, max: STOCK_MOVE_MAX_UNITS, minMessage: `${label} must be at least 1` });

const noteOf = (required: string | undefined) => {
  const note = text(required === undefined ? undefined : { error: required }).trim().max(TEXT_LIMITS.note, tooLongMessage('Note', TEXT_LIMITS.note));
  return required === undefined ? note.optional().transform((value) => value ?? '') : note.min(1, required);
};

/**
 * What an admin records on Manage Tools: a batch received, a count (the shop works out the
 * movement from the counted units), units scrapped. A count and a scrap say why.
 */
export const stockMoveRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('received'), units: units('Units received'), note: noteOf(undefined) }),
    z.object({
      kind: z.literal('counted'),
      countedUnits: wholeNumberSchema('Counted units', { min: 0, max: STOCK_LEVEL_MAX }),
      note: noteOf('Say what the count was (a note is required)'),
    }),
    z.object({ kind: z.literal('scrapped'), units: units('Units scrapped'), note: noteOf('Say why the units were scrapped (a note is required)') }),
  ],
  { error: 'kind must be received, counted or scrapped' },
);
export type StockMoveRequest = z.infer<typeof stockMoveRequestSchema>;

/** One line of a tool's stock history, with the level the tool had right after it. */
export const stockMoveSchema = z.object({
  _id: entityIdSchema,
  kind: z.enum(STOCK_MOVE_KINDS),
  units: z.number().int(),
  levelAfter: z.number().int(),
  note: z.string(),
  /** Who recorded it; null when the shop itself did (a shipment by the payment flow has an admin; the opening has none). */
  by: z.object({ userId: z.string(), email: z.string(), name: z.string().nullable() }).nullable(),
  orderId: entityIdSchema.nullable(),
  at: z.string(),
});
export type StockMove = z.infer<typeof stockMoveSchema>;

/** The answer to a recorded movement: the movement (null for a count that found the stock as it was) and the stock now. */
export const stockMoveAnswerSchema = z.object({
  move: stockMoveSchema.nullable(),
  availableQuantity: z.number().int(),
});
export type StockMoveAnswer = z.infer<typeof stockMoveAnswerSchema>;

export const stockHistoryQuerySchema = pageQuerySchema.omit({ q: true }).extend({
  kind: z.enum(STOCK_MOVE_KINDS, { error: `kind must be one of ${STOCK_MOVE_KINDS.join(', ')}` }).optional(),
});
export type StockHistoryQuery = z.infer<typeof stockHistoryQuerySchema>;

/** A tool whose stock is not the sum of its movements: what `stock:verify` and GET /admin/stock/verify name. */
export const stockDifferenceSchema = z.object({
  toolId: entityIdSchema,
  toolName: z.string(),
  availableQuantity: z.number().int(),
  ledgerQuantity: z.number().int(),
});
export type StockDifference = z.infer<typeof stockDifferenceSchema>;

/** The most differing tools one verification names: a broken shop is told enough to act, not a million rows. */
export const STOCK_VERIFY_LIMIT = 100;

export const stockMoveMessages = {
  // Lowering the stock below what paid orders wait for is tool.ts's stockBelowPromisedMessage, as the tool edit says it.
  /** Scrapping more than there is. */
  belowZero: (available: number) => `Only ${formatCount(available)} ${available === 1 ? 'unit is' : 'units are'} in stock: the stock cannot go below 0.`,
  /** The note of the spec's PATCH /updateTool/{id} when it changes the stock. */
  editedInManageTools: 'edited in Manage Tools',
  /** The note of a row of a catalogue import (decision 053) that changes the stock. */
  importedFromCsv: 'imported from a CSV file',
};
