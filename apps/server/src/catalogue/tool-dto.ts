import { fromCents, percentFromHundredths, percentInHundredths, toCents } from '@voltline/shared/money';
import { orderableUnitsOf } from '../orders/lifecycle/index.ts';
import type { Tool, ToolUpdate } from '@voltline/shared/tool';
import type { tools } from '../db/schema.ts';

type ToolRow = typeof tools.$inferSelect;

/** A tool as the catalogue answers it. */
export function toToolDto(row: ToolRow): Tool {
  return {
    _id: row.id,
    toolName: row.toolName,
    description: row.description,
    img: row.img,
    price: fromCents(row.priceCents),
    minimumOrderQuantity: row.minimumOrderQuantity,
    availableQuantity: row.availableQuantity,
    orderableQuantity: orderableUnitsOf(row),
    vatRate: row.vatRateHundredths === null ? null : percentFromHundredths(row.vatRateHundredths),
    sku: row.sku,
    gtin: row.gtin,
    serialised: row.serialised,
    warrantyMonths: row.warrantyMonths,
    // The sizes only while img is the picture they were drawn from (the form may have set another address since).
    ...(row.pictureSrcset && row.pictureSrcset.img === row.img ? { picture: { webp: row.pictureSrcset.webp, original: row.pictureSrcset.original } } : {}),
  };
}

/**
 * A tool's columns from an admin's input (a whole tool, or an update's fields): the price in cents,
 * the VAT rate in hundredths of a percent (left as it is when the input does not name it).
 */
export function toolColumns<T extends Omit<ToolUpdate, 'availableQuantity'>>({ price, vatRate, ...rest }: T) {
  return {
    ...rest,
    priceCents: toCents(price),
    ...(vatRate === undefined ? {} : { vatRateHundredths: vatRate === null ? null : percentInHundredths(vatRate) }),
  };
}
