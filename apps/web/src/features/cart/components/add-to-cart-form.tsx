import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { mostOrderable, quantityProblem } from '@voltline/shared/cart-rules';
import { isOutOfStock } from '@voltline/shared/stock';
import { wholeNumberFromText } from '@voltline/shared/whole-number';
import type { Tool } from '@voltline/shared/tool';
import { refusalOf } from '../../../lib/api-client.ts';
import { CartRefusal, describeCartRefusal, useCart, useCartChange } from '../hooks/use-cart.ts';
import { QuantityField } from './quantity-field.tsx';

/**
 * The tool page's quantity and Add to cart. The quantity starts at the minimum order and is bounded
 * by what can be ordered; adding a tool the cart already holds adds the units to its line.
 */
export function AddToCartForm({ tool }: { tool: Tool }) {
  const { holder, cart, setQuantity, pending } = useCart();
  const [text, setText] = useState(String(tool.minimumOrderQuantity));
  const change = useCartChange();
  const [added, setAdded] = useState<number | null>(null);
  const outOfStock = isOutOfStock(tool);
  const inCart = cart?.lines.find((line) => line.toolId === tool._id)?.quantity ?? 0;

  function addToCart(event: FormEvent) {
    event.preventDefault();
    setAdded(null);
    const quantity = wholeNumberFromText(text);
    const add = async () => {
      if (!Number.isSafeInteger(quantity)) throw new CartRefusal('Quantity must be a whole number');
      // The rules speak of the quantity asked for here, then of the line it makes with what the cart holds.
      const problem = quantityProblem(tool, quantity) ?? (inCart > 0 ? quantityProblem(tool, inCart + quantity) : null);
      if (problem) throw new CartRefusal(inCart > 0 && !quantityProblem(tool, quantity) ? `Your cart already holds ${inCart}. ${problem.message}` : problem.message);
      await setQuantity({ toolId: tool._id, quantity: inCart + quantity, tool });
    };
    change.mutate(add, { onSuccess: () => setAdded(quantity) });
  }

  return (
    <form onSubmit={addToCart} className="flex flex-col gap-2" noValidate>
      <div className="flex flex-wrap items-start gap-3">
        <QuantityField
          id={`add-to-cart-${tool._id}`}
          minimum={tool.minimumOrderQuantity}
          maximum={mostOrderable(tool)}
          text={text}
          onText={setText}
          error={refusalOf(change, describeCartRefusal)}
          disabled={outOfStock}
        />
        <button type="submit" className="btn btn-primary mt-6" disabled={outOfStock || holder === 'unknown' || pending}>
          Add to cart
        </button>
      </div>
      {added !== null && (
        <p role="status" className="text-sm">
          {`Added ${added} to your cart. `}
          <Link to="/cart" className="link font-semibold">
            View cart
          </Link>
        </p>
      )}
    </form>
  );
}
