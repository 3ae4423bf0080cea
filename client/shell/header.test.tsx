import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Header } from './header.tsx';
import { renderAt } from './test-utils.tsx';

const header = <Header menuOpen={false} onMenuOpen={() => undefined} />;

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('header', () => {
  it('hides the back and home buttons on home', () => {
    for (const url of ['/main/homemain', '/bookpoint/main/homemain']) {
      const { unmount } = renderAt(header, url);
      expect(screen.queryByRole('button', { name: '이전 페이지' })).toBeNull();
      expect(screen.queryByRole('link', { name: '홈으로' })).toBeNull();
      unmount();
    }
  });

  it('shows them elsewhere; home goes to /main/homemain', () => {
    renderAt(header, '/service/service');
    expect(screen.getByRole('button', { name: '이전 페이지' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '홈으로' }).getAttribute('href')).toBe('/main/homemain');
  });

  it('back goes to /bookpoint/main/homemain when the query has search_type', async () => {
    renderAt(header, '/mypage/mypage?search_type=buy', { history: ['/service/service'] });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '이전 페이지' })));
    expect(screen.getByTestId('location').textContent).toBe('/bookpoint/main/homemain');
  });

  it('back otherwise goes back in history', async () => {
    renderAt(header, '/board/faq/homefaq', { history: ['/service/terms'] });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '이전 페이지' })));
    expect(screen.getByTestId('location').textContent).toBe('/service/terms');
  });

  it('takes the scrolled style only past 10 px', async () => {
    const { container } = renderAt(header, '/service/service');
    const el = container.querySelector('.site-header');
    await act(async () => {
      scrollTo(10);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    });
    expect(el?.classList.contains('is-scrolled')).toBe(false);
    await act(async () => {
      scrollTo(11);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    });
    expect(el?.classList.contains('is-scrolled')).toBe(true);
    await act(async () => {
      scrollTo(0);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    });
  });

  it('the menu buttons of the top menu expand and collapse with aria-expanded', () => {
    renderAt(header, '/service/service');
    const button = screen.getByRole('button', { name: '알림마당' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: '공지사항' }).getAttribute('href')).toBe('/board/notice/homenotice');
    fireEvent.keyDown(screen.getByRole('link', { name: '공지사항' }), { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
