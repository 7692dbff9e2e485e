import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_DELAY_MS } from '@voltline/shared/shop-constants';
import type { DeliveryPromotion } from '@voltline/shared/delivery-settings';
import { renderWithShop } from '../../../testing/render-with-shop.tsx';
import { Banner } from './banner.tsx';

/** The banner as the home page shows it, with the shop's delivery promotion as given. */
const renderBanner = (promotion: DeliveryPromotion = { percentOff: 10, active: true, until: null }) =>
  renderWithShop(<Banner />, (request) => (request.path === '/api/delivery-promotion' ? { status: 200, body: promotion } : { status: 404 }));

/** jsdom has no matchMedia: the visitor's motion setting is given here. */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const shownSlide = () => screen.getAllByRole('group', { hidden: true }).findIndex((slide) => slide.getAttribute('aria-hidden') === 'false');
/** Lets the promotion's answer arrive (through zero-delay timers) without moving the banner's clock on. */
async function loadPromotion() {
  for (let step = 0; step < 10; step += 1) await act(() => vi.advanceTimersByTimeAsync(1));
}
const waitOneDelay = () => act(() => vi.advanceTimersByTime(BANNER_DELAY_MS + 10));

describe('the banner can be stopped (WCAG 2.2.2, issue 26 item 12)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('rotates by itself until Pause, stays put while paused, and rotates again after Play', async () => {
    prefersReducedMotion(false);
    renderBanner();
    await loadPromotion();
    expect(shownSlide()).toBe(0);
    waitOneDelay();
    expect(shownSlide()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    waitOneDelay();
    waitOneDelay();
    expect(shownSlide()).toBe(1);
    // Moving by hand still works while paused, and does not start the rotation again.
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    waitOneDelay();
    expect(shownSlide()).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    waitOneDelay();
    expect(shownSlide()).toBe(0);
  });

  it('does not rotate for a visitor who asked for reduced motion, unless they press Play', () => {
    prefersReducedMotion(true);
    renderBanner();
    waitOneDelay();
    waitOneDelay();
    expect(shownSlide()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    waitOneDelay();
    expect(shownSlide()).toBe(1);
  });
});

describe("the banner's delivery promotion (issue 29)", () => {
  beforeEach(() => prefersReducedMotion(true));
  afterEach(() => vi.unstubAllGlobals());
  const headings = () => screen.getAllByRole('heading', { level: 2, hidden: true }).map((heading) => heading.textContent);

  it("shows the spec's slide while the promotion is 10% and on", async () => {
    renderBanner();
    await screen.findByRole('heading', { name: '10% discount on delivery charge', hidden: true });
    expect(headings()).toHaveLength(3);
  });

  it('says the percent an admin set', async () => {
    renderBanner({ percentOff: 15, active: true, until: null });
    await screen.findByRole('heading', { name: '15% discount on delivery charge', hidden: true });
  });

  it('leaves the slide out once the promotion has ended', async () => {
    const { sent } = renderBanner({ percentOff: 10, active: false, until: null });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await act(async () => undefined);
    expect(headings()).toEqual(['Built, sold and stocked by Voltline', 'We ship worldwide']);
  });
});

describe("the banner's Get Started (issue 43)", () => {
  beforeEach(() => prefersReducedMotion(true));
  afterEach(() => vi.unstubAllGlobals());

  it('goes to the catalogue from the slide shown', () => {
    renderBanner();
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/tools');
  });
});
