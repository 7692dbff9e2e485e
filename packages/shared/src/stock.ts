import type { Tool } from './tool.ts';

// The stock rules of a tool, in a module of their own without zod (tool.ts builds its schemas on
// load), so the public pages that show stock (home, tool page) do not carry zod into the browser.

/**
 * What customers can still order: the stock not promised to paid orders not yet shipped. An answer
 * from a server before that field (a newer web app on an instance not yet upgraded) has only the
 * physical stock, which then stands in for it.
 */
export const orderableQuantityOf = (tool: Pick<Tool, 'orderableQuantity' | 'availableQuantity'>): number =>
  tool.orderableQuantity ?? tool.availableQuantity;

/** Out of stock for customers: not even the minimum order can be promised. */
export const isOutOfStock = (tool: Pick<Tool, 'orderableQuantity' | 'availableQuantity' | 'minimumOrderQuantity'>) =>
  orderableQuantityOf(tool) < tool.minimumOrderQuantity;
