import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CART_MAX_LINES, cartLineOf, cartMessages, cartOf, quantityProblem, type Cart } from '@voltline/shared/cart-rules';
import type { Tool } from '@voltline/shared/tool';
import { ApiRequestError, describeRequestError } from '../../../lib/api-client.ts';
import { toolQueryOptions } from '../../../entities/tool/api/get-tool.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { cartQueryOptions } from '../api/get-cart.ts';
import { useRemoveCartLine } from '../api/remove-cart-line.ts';
import { useSetCartLine } from '../api/set-cart-line.ts';
import { readBrowserCart, removeBrowserLine, storeBrowserLine, useBrowserCart } from '../browser-cart.ts';

/** A refusal of a cart change, in the shop's words (the server's, or the same rules checked in the browser). */
export class CartRefusal extends Error {}

/** What a form shows for a failed cart change: the rules' words, or the server's. */
export const describeCartRefusal = (error: unknown) => (error instanceof CartRefusal ? error.message : describeRequestError(error));

/**
 * A form's cart changes (the tool page's Add to cart, a line's Update and Remove) as one mutation of
 * its own, whatever holds the cart: the form shows the last change's refusal from its state, and the
 * next change clears it as it starts. A change checks what the browser can first, throwing a CartRefusal.
 */
export function useCartChange() {
  return useMutation({ mutationFn: (change: () => Promise<void>) => change() });
}

export interface CartAccess {
  /** Who holds the cart: the account (on the server), the browser (a visitor), or not known yet (the session is loading). */
  holder: 'account' | 'browser' | 'unknown';
  /** The cart at the current prices; undefined while it loads. */
  cart: Cart | undefined;
  /** Units in the cart as far as known without the tools: the navbar's count. */
  units: number | undefined;
  failure: unknown;
  /**
   * Sets the line of the tool to `quantity` units; refused with a CartRefusal. `tool` is the tool as
   * just read (the tool page); without it a visitor's line is checked against the tool its cart read.
   */
  setQuantity: (change: { toolId: string; quantity: number; tool?: Tool }) => Promise<void>;
  remove: (toolId: string) => Promise<void>;
  pending: boolean;
}

const refusalOf = (error: unknown) => (error instanceof ApiRequestError && error.status < 500 ? new CartRefusal(error.message) : error);

/**
 * The cart of whoever is here: a signed-in customer's from the server, a visitor's from the browser,
 * read at the tools' current prices (the public tool API) through the same rules the server uses.
 */
export function useCart(): CartAccess {
  const { status } = useSession();
  const holder = status === 'signed-in' ? 'account' : status === 'signed-out' ? 'browser' : 'unknown';
  const accountCart = useQuery({ ...cartQueryOptions, enabled: holder === 'account' });
  const browserLines = useBrowserCart();
  const tools = useQueries({
    queries: (holder === 'browser' ? browserLines : []).map((line) => ({ ...toolQueryOptions(line.toolId), retry: false })),
  });
  const setLine = useSetCartLine();
  const removeLine = useRemoveCartLine();

  const toolsSettled = tools.every((tool) => tool.data || tool.isError);
  const toolFailure = tools.find((tool) => tool.isError && !(tool.error instanceof ApiRequestError && tool.error.status === 404))?.error;
  // A tool the catalogue answers 404 for was deleted: its line says so. At most 50 lines: built on each render.
  const browserCart =
    toolsSettled && !toolFailure ? cartOf(browserLines.map((line, index) => cartLineOf(line, tools[index]?.data ?? null))) : undefined;

  const setQuantity = useCallback(
    async ({ toolId, quantity, tool: given }: { toolId: string; quantity: number; tool?: Tool }) => {
      if (holder === 'account') {
        await setLine.mutateAsync({ toolId, quantity }).catch((error: unknown) => Promise.reject(refusalOf(error)));
        return;
      }
      // The browser checks what the server would: the same rules, at the price just read.
      const tool = given ?? tools.find((read) => read.data?._id === toolId)?.data;
      if (!tool) throw new CartRefusal(cartMessages.notFound);
      const problem = quantityProblem(tool, quantity);
      if (problem) throw new CartRefusal(problem.message);
      const lines = readBrowserCart();
      if (!lines.some((line) => line.toolId === toolId) && lines.length >= CART_MAX_LINES) throw new CartRefusal(cartMessages.full);
      storeBrowserLine({ toolId, quantity, addedUnitPrice: tool.price, toolName: tool.toolName, img: tool.img });
    },
    [holder, setLine, tools],
  );

  const remove = useCallback(
    async (toolId: string) => {
      if (holder === 'account') await removeLine.mutateAsync(toolId).catch((error: unknown) => Promise.reject(refusalOf(error)));
      else removeBrowserLine(toolId);
    },
    [holder, removeLine],
  );

  const browserUnits = browserLines.reduce((sum, line) => sum + line.quantity, 0);
  return {
    holder,
    cart: holder === 'account' ? accountCart.data : holder === 'browser' ? browserCart : undefined,
    units: holder === 'account' ? accountCart.data?.units : holder === 'browser' ? browserUnits : undefined,
    failure: holder === 'account' ? accountCart.error : toolFailure,
    setQuantity,
    remove,
    pending: setLine.isPending || removeLine.isPending,
  };
}
