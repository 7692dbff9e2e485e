import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LowStockList } from './low-stock-list.tsx';

const tool = (n: number) => ({ _id: `tool-${n}`, toolName: `Drill ${n}`, availableQuantity: 0, minimumOrderQuantity: n });

/** The overview names the most urgent low-stock tools and counts the rest (issue 18: no list loads a whole table). */
describe('low stock list', () => {
  it('says how many more tools are low than it names', () => {
    render(<LowStockList tools={[tool(3), tool(2)]} count={7} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    screen.getByText('and 5 more tools below their minimum order quantity');
  });

  it('says nothing more when it names them all', () => {
    render(<LowStockList tools={[tool(3)]} count={1} />);
    expect(screen.queryByText(/more tools below/)).toBeNull();
  });

  it('says when no tool is low', () => {
    render(<LowStockList tools={[]} count={0} />);
    screen.getByText('No tool is low on stock');
  });
});
