import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_DELAY_MS } from '@voltline/shared/shop-constants';
import { Banner } from './banner.tsx';

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
const waitOneDelay = () => act(() => vi.advanceTimersByTime(BANNER_DELAY_MS + 10));

describe('the banner can be stopped (WCAG 2.2.2, issue 26 item 12)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('rotates by itself until Pause, stays put while paused, and rotates again after Play', () => {
    prefersReducedMotion(false);
    render(<Banner />);
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
    render(<Banner />);
    waitOneDelay();
    waitOneDelay();
    expect(shownSlide()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    waitOneDelay();
    expect(shownSlide()).toBe(1);
  });
});
