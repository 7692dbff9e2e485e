import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FittingTool } from '@voltline/shared/families';
import { sampleDrill } from '../../../testing/sample-tools.ts';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { FittingTools } from './fitting-tools.tsx';

const battery = (n: number, overrides: Partial<FittingTool['tool']> = {}): FittingTool => ({
  kind: 'battery',
  tool: { ...sampleDrill, _id: `00000000-0000-4000-8000-0000000000b${n}`, toolName: `Battery ${n}`, price: 59, ...overrides },
});

/** Issue 40, item 7: what fits a tool, each with the page's action (Add to cart), the rest from the paged API. */
describe('the fitting tools', () => {
  it('lists the first ones with their kind, price or out of stock, and the action the page gives', () => {
    renderWithShop(
      <FittingTools
        toolId={sampleDrill._id}
        direction="accessories"
        first={{ items: [battery(1), battery(2, { availableQuantity: 0, orderableQuantity: 0 })], more: false }}
        actions={(tool) => <button type="button">{`Add ${tool.toolName}`}</button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Fits this tool' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Battery 1' }).getAttribute('href')).toBe(`/tools/${battery(1).tool._id}`);
    expect(screen.getAllByText('Battery')).toHaveLength(2);
    expect(screen.getByText('$59.00')).toBeTruthy();
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Battery 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('asks the paged API for every one when the buyer wants more than the page shows', async () => {
    const { user, sent } = renderWithShop(
      <FittingTools toolId={sampleDrill._id} direction="fits" first={{ items: [battery(1)], more: true }} actions={() => null} />,
      () => ({ status: 200, body: [battery(1), battery(2), battery(3)] }),
    );
    expect(screen.getByRole('heading', { name: 'Fits' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Battery 3' })).toBeTruthy();
    expect(sent.map((request) => request.path)).toEqual([`/api/tools/${sampleDrill._id}/fits?limit=24`]);
  });

  it('shows nothing when nothing is linked', () => {
    const { container } = renderWithShop(<FittingTools toolId={sampleDrill._id} direction="fits" first={{ items: [], more: false }} actions={() => null} />);
    expect(container.textContent).toBe('');
  });
});
