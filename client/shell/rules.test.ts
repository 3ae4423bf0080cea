import { describe, expect, it } from 'vitest';
import { backTarget, FLOAT_SCROLL_PX, HEADER_SCROLL_PX, isScrolledPast, OVERLAY_DELAY_MS } from './rules.ts';

describe('scroll thresholds (docs/product.md §9)', () => {
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
  it('the overlay waits 150 ms (docs/decisions/D4-behaviour-details.md)', () => {
    expect(OVERLAY_DELAY_MS).toBe(150);
  });
});

describe('back button (docs/product.md §2)', () => {
  const here = 'https://portal.example.kr/board/faq/homefaq';
  const landed = (referrer: string, historyLength = 2) => ({ referrer, href: here, historyLength });

  it('goes to /bookpoint/main/homemain when the query contains search_type', () => {
    expect(backTarget('?search_type=buy', null)).toEqual({ kind: 'path', to: '/bookpoint/main/homemain' });
    expect(backTarget('?a=1&search_type=', null)).toEqual({ kind: 'path', to: '/bookpoint/main/homemain' });
    // Even after a full page load from another page of the portal.
    expect(backTarget('?search_type=buy', landed('https://portal.example.kr/service/terms'))).toEqual({
      kind: 'path',
      to: '/bookpoint/main/homemain',
    });
  });
  it('otherwise goes back in history', () => {
    expect(backTarget('', null)).toEqual({ kind: 'history' });
    expect(backTarget('?q=search_type', null)).toEqual({ kind: 'history' });
    expect(backTarget('?searchtype=buy', null)).toEqual({ kind: 'history' });
  });
  it('after a full page load from another portal page, goes back in history', () => {
    expect(backTarget('', landed('https://portal.example.kr/service/terms'))).toEqual({ kind: 'history' });
    expect(backTarget('', landed('https://portal.example.kr/search/booksearch?q=%ED%95%9C%EA%B0%95'))).toEqual({ kind: 'history' });
  });
  it('opens the same-origin referrer when the tab has no entry before this one (a new tab)', () => {
    expect(backTarget('', landed('https://portal.example.kr/search/booksearch?q=a#r', 1))).toEqual({
      kind: 'path',
      to: '/search/booksearch?q=a#r',
    });
  });
  it('goes home when there is no history inside the portal and no referrer of ours', () => {
    expect(backTarget('', landed(''))).toEqual({ kind: 'path', to: '/main/homemain' });
    expect(backTarget('', landed('https://search.example.com/?q=portal'))).toEqual({ kind: 'path', to: '/main/homemain' });
    // Another port or scheme is another origin.
    expect(backTarget('', landed('http://portal.example.kr/service/terms'))).toEqual({ kind: 'path', to: '/main/homemain' });
    expect(backTarget('', landed('https://portal.example.kr:8443/service/terms'))).toEqual({ kind: 'path', to: '/main/homemain' });
  });
  it('does not go back to the page itself or to the login screen', () => {
    expect(backTarget('', landed(here))).toEqual({ kind: 'path', to: '/main/homemain' });
    expect(backTarget('', landed('https://portal.example.kr/login/login?returnTo=%2Fboard%2Ffaq%2Fhomefaq'))).toEqual({
      kind: 'path',
      to: '/main/homemain',
    });
  });
});
