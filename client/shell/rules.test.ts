import { describe, expect, it } from 'vitest';
import { backTarget, FLOAT_SCROLL_PX, HEADER_SCROLL_PX, isScrolledPast, OVERLAY_DELAY_MS } from './rules.ts';

describe('scroll thresholds (spec §9)', () => {
  it('the header is scrolled only above 10 px', () => {
    expect(HEADER_SCROLL_PX).toBe(10);
    expect(isScrolledPast(0, HEADER_SCROLL_PX)).toBe(false);
    expect(isScrolledPast(10, HEADER_SCROLL_PX)).toBe(false);
    expect(isScrolledPast(11, HEADER_SCROLL_PX)).toBe(true);
  });
  it('the floating bar appears only above 50 px', () => {
    expect(FLOAT_SCROLL_PX).toBe(50);
    expect(isScrolledPast(50, FLOAT_SCROLL_PX)).toBe(false);
    expect(isScrolledPast(51, FLOAT_SCROLL_PX)).toBe(true);
  });
  it('the overlay waits 150 ms (decisions D4)', () => {
    expect(OVERLAY_DELAY_MS).toBe(150);
  });
});

describe('back button (spec §2)', () => {
  it('goes to /bookpoint/main/homemain when the query contains search_type', () => {
    expect(backTarget('?search_type=buy', false)).toEqual({ kind: 'path', to: '/bookpoint/main/homemain' });
    expect(backTarget('?a=1&search_type=', false)).toEqual({ kind: 'path', to: '/bookpoint/main/homemain' });
  });
  it('otherwise goes back in history', () => {
    expect(backTarget('', false)).toEqual({ kind: 'history' });
    expect(backTarget('?q=search_type', false)).toEqual({ kind: 'history' });
    expect(backTarget('?searchtype=buy', false)).toEqual({ kind: 'history' });
  });
  it('goes home when there is no history inside the portal', () => {
    expect(backTarget('', true)).toEqual({ kind: 'path', to: '/main/homemain' });
  });
});
