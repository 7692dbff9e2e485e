import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { cartMessages, priceChangedMessage, type CartLine } from '@voltline/shared/cart-rules';
import { wholeNumberFromText } from '@voltline/shared/whole-number';
import { customerAmount, unitPriceWords } from '../../../entities/tool/customer-price.ts';
import { refusalOf } from '../../../lib/api-client.ts';
import { CartRefusal, describeCartRefusal, useCartChange, type CartAccess } from '../hooks/use-cart.ts';
import { QuantityField } from './quantity-field.tsx';
import { SizedPicture } from '../../../components/sized-picture.tsx';

/** Names the line's controls apart: "Quantity of DD-18 Drill", "Remove DD-18 Drill". */
const controlName = (verb: string, line: CartLine) => `${verb} ${line.toolName}`;

/**
 * One line of the cart: picture, name, unit price, an editable quantity (within the minimum order
 * and what can be ordered), the line's total and Remove; a price that moved since the line was
 * added, and a line that cannot be ordered as it stands, say so. A signed-in customer's line comes
 * at their own price, with the figures as they see them (`customerPrice`, decision 072 amended):
 * the page shows the server's figures and works none out.
 */
export function CartLineItem({ line, access }: { line: CartLine; access: Pick<CartAccess, 'setQuantity' | 'remove' | 'pending'> }) {
  const price = line.customerPrice;
  const [text, setText] = useState(String(line.quantity));
  const change = useCartChange();
  const refusal = refusalOf(change, describeCartRefusal);
  const deleted = line.problem?.code === 'tool_deleted';
  const inputId = `cart-quantity-${line.toolId}`;

  function updateQuantity(event: FormEvent) {
    event.preventDefault();
    const quantity = wholeNumberFromText(text);
    change.mutate(async () => {
      if (!Number.isSafeInteger(quantity)) throw new CartRefusal('Quantity must be a whole number');
      await access.setQuantity({ toolId: line.toolId, quantity });
    });
  }

  return (
    <li className="flex flex-col gap-3 border-b border-base-300 py-4 sm:flex-row sm:items-start" data-testid="cart-line">
      <SizedPicture src={line.img} sizes={line.picture} drawnWidth="96px" alt="" width={96} height={72} className="aspect-[4/3] h-auto w-24 shrink-0 rounded-box bg-base-200 object-cover" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {deleted ? (
          <p className="font-semibold break-words">{line.toolName}</p>
        ) : (
          <Link to={`/tools/${encodeURIComponent(line.toolId)}`} className="link font-semibold break-words">
            {line.toolName}
          </Link>
        )}
        <p>{unitPriceWords(line.unitPrice, price)}</p>
        {!deleted && line.addedUnitPrice !== line.unitPrice && (
          <p className="text-sm text-warning-content bg-warning/30 rounded px-2 py-1">
            {priceChangedMessage(price ? { addedUnitPrice: price.displayedAddedUnitPrice, unitPrice: price.displayedPrice } : line)}
          </p>
        )}
        {line.problem && (
          <p className="text-sm font-semibold text-error" data-testid="cart-line-problem">
            {line.problem.message}
            {/* A deleted tool's line costs nothing already; any other says why the subtotal leaves it out. */}
            {!deleted && ` ${cartMessages.notInSubtotal}`}
          </p>
        )}
        <div className="flex flex-wrap items-end gap-2">
          {!deleted && (
            <form onSubmit={updateQuantity} className="flex items-start gap-2" noValidate>
              <QuantityField
                id={inputId}
                name={controlName('Quantity of', line)}
                minimum={line.minimumOrderQuantity}
                maximum={line.maximumQuantity}
                text={text}
                onText={setText}
                error={refusal}
              />
              <button type="submit" className="btn btn-outline btn-sm mt-7" disabled={access.pending} aria-label={controlName('Update quantity of', line)}>
                Update
              </button>
            </form>
          )}
          <button type="button" className="btn btn-ghost btn-sm mt-7" disabled={access.pending} onClick={() => change.mutate(() => access.remove(line.toolId))} aria-label={controlName('Remove', line)}>
            Remove
          </button>
        </div>
        {/* A deleted tool's line has no quantity field to show a refused Remove under. */}
        {refusal && deleted && (
          <p role="alert" className="text-sm text-error">
            {refusal}
          </p>
        )}
      </div>
      <p className="font-semibold sm:text-right" data-testid="cart-line-total">{`Line total: ${customerAmount(price?.displayedLineTotal ?? line.lineTotal, price?.withoutVat ?? false)}`}</p>
    </li>
  );
}
