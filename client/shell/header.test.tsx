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

  it('after a full page load, back opens the same-origin referrer (no entry before it in this tab)', async () => {
    const referrer = `${window.location.origin}/board/notice/homenotice?page=2`;
    Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
    try {
      renderAt(header, '/board/faq/homefaq');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: '이전 페이지' })));
      expect(screen.getByTestId('location').textContent).toBe('/board/notice/homenotice?page=2');
    } finally {
      Object.defineProperty(document, 'referrer', { value: '', configurable: true });
    }
  });

  it('after a full page load from elsewhere, back goes home', async () => {
    Object.defineProperty(document, 'referrer', { value: 'https://search.example.com/', configurable: true });
    try {
      renderAt(header, '/board/faq/homefaq');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: '이전 페이지' })));
      expect(screen.getByTestId('location').textContent).toBe('/main/homemain');
    } finally {
      Object.defineProperty(document, 'referrer', { value: '', configurable: true });
    }
  });

  it('marks one first-level menu group current: 책 검색 sits under 독서활동 only', () => {
    const { container } = renderAt(header, '/search/booksearch?q=%ED%95%9C%EA%B0%95');
    const current = Array.from(container.querySelectorAll('.top-menu__item.is-current')).map((li) => li.querySelector('button')?.textContent);
    expect(current).toEqual(['독서활동']);
    fireEvent.click(screen.getByRole('button', { name: '도서' }));
    expect(screen.getByRole('link', { name: '도서 검색' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '독서활동' }));
    expect(screen.getByRole('link', { name: '독서 시작하기' }).getAttribute('aria-current')).toBe('page');
  });

  it('lights the section of a page outside the menu (a notice) and none on home', () => {
    const { container, unmount } = renderAt(header, '/board/notice/detail/3');
    expect(Array.from(container.querySelectorAll('.top-menu__item.is-current')).map((li) => li.querySelector('button')?.textContent)).toEqual(['알림마당']);
    unmount();
    const home = renderAt(header, '/main/homemain');
    expect(home.container.querySelectorAll('.top-menu__item.is-current')).toHaveLength(0);
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
