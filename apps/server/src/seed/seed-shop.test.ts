import { describe, expect, it } from 'vitest';
import type { Review } from '@voltline/shared/review';
import type { CategoryTreeNode, ToolDetail, ToolSearchAnswer } from '@voltline/shared/categories';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { seedReviews } from './seed-reviews.ts';

describe.each(testDatabaseKinds)('the first-start reviews on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true });

  it('each show their own date and time, spread over the past weeks, none the moment the shop started', async () => {
    const listed = (await shop.app.inject({ method: 'GET', url: '/api/review' })).json() as Review[];
    expect(listed).toHaveLength(seedReviews.length);
    const times = new Set(listed.map((review) => review.reviewTime));
    expect(times.size).toBe(listed.length);
    const dates = new Set(listed.map((review) => review.reviewDate));
    expect(dates.size).toBe(listed.length);
    const startedAt = new Date().toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect([...times].filter((time) => time === startedAt).length).toBeLessThanOrEqual(1);
  });
});

describe.each(testDatabaseKinds)('the first-start categories on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true });

  it('put the seeded tools in a tree with the specifications their descriptions state, searchable by them', async () => {
    const tree: CategoryTreeNode[] = (await shop.app.inject({ method: 'GET', url: '/api/categories' })).json();
    expect(tree.map((category) => category.slug).sort()).toEqual(['hand-tools', 'power-tools', 'test-and-measurement']);
    expect(tree.find((category) => category.slug === 'power-tools')!.children.map((child) => child.slug).sort()).toEqual(['drills-and-drivers', 'saws']);
    const torque = tree.find((category) => category.slug === 'power-tools')!.children.find((child) => child.slug === 'drills-and-drivers')!.attributes[0]!;
    const strong: ToolSearchAnswer = (await shop.app.inject({ method: 'GET', url: `/api/tools/search?category=drills-and-drivers&filter=${torque._id}:150..` })).json();
    expect(strong.tools.map((tool) => tool.toolName)).toEqual(['Voltline ID-18 Brushless Impact Driver']);
    const driver: ToolDetail = (await shop.app.inject({ method: 'GET', url: `/api/getTool/${strong.tools[0]!._id}` })).json();
    expect(driver.specifications.map((value) => [value.name, value.value])).toEqual([
      ['Power source', '18 V battery'],
      ['Torque', 180],
    ]);
  });
});
