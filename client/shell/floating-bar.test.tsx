import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FloatingBar } from './floating-bar.tsx';
import { renderAt } from './test-utils.tsx';

async function scrollTo(y: number) {
  await act(async () => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await new Promise((r) => requestAnimationFrame(() => r(null)));
  });
}

afterEach(async () => {
  window.sessionStorage.clear();
  await scrollTo(0);
});

describe('floating bar', () => {
  it('appears only past 50 px, with start reading, top and close', async () => {
    renderAt(<FloatingBar />, '/service/service');
    await scrollTo(50);
    expect(screen.queryByRole('complementary', { name: '빠른 메뉴' })).toBeNull();
    await scrollTo(51);
    expect((await screen.findByRole('link', { name: '독서 시작하기' })).getAttribute('href')).toBe('/search/booksearch');
    expect(screen.getByRole('button', { name: '맨 위로' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '닫기' })).toBeTruthy();
  });

  it('has no top button on /upcoming paths', async () => {
    renderAt(<FloatingBar />, '/upcoming/upcoming');
    await scrollTo(200);
    expect(await screen.findByRole('link', { name: '독서 시작하기' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '맨 위로' })).toBeNull();
  });

  it('close hides it for the rest of the visit', async () => {
    const { unmount } = renderAt(<FloatingBar />, '/service/service');
    await scrollTo(200);
    fireEvent.click(await screen.findByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('link', { name: '독서 시작하기' })).toBeNull();
    unmount();
    renderAt(<FloatingBar />, '/service/terms');
    await scrollTo(300);
    expect(screen.queryByRole('link', { name: '독서 시작하기' })).toBeNull();
  });
});
