import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { QuantityField } from './quantity-field.tsx';

/** A quantity and what the app holds of it, as the tool page's Add to cart keeps them. */
function Quantity({ onHeld }: { onHeld: (text: string) => void }) {
  const [text, setText] = useState('5');
  onHeld(text);
  return <QuantityField id="quantity" minimum={5} maximum={40} text={text} onText={setText} error={null} />;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a quantity field on a page the server drew', () => {
  it('keeps a quantity typed before the app took the page over, in the field and in what the app holds', async () => {
    let held = '';
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Quantity onHeld={() => undefined} />);
    document.body.append(container);
    // The visitor types while the app's code is still on its way.
    container.querySelector('input')!.value = '12';

    await act(async () => {
      hydrateRoot(container, <Quantity onHeld={(text) => (held = text)} />);
    });

    expect(container.querySelector('input')!.value).toBe('12');
    expect(held).toBe('12');
  });
});
