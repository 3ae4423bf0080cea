import { describe, expect, it } from 'vitest';
import { hidesTopButton, hrefOf, isHomePath, isLoginPath, matchPage, menu, menuPlace, pageById, pages, skipsJoincheck } from './routes.ts';

describe('the page table', () => {
  it('has unique ids and paths', () => {
    expect(new Set(pages.map((p) => p.id)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
  });
  it('every menu entry points at a page (docs/decisions/D6-menu-two-level.md)', () => {
    for (const group of menu) for (const item of group.items) expect(pageById[item.page]).toBeDefined();
    expect(menu.map((g) => g.label)).toEqual(['독서활동', '도서', '알림마당', '이용안내', '마이페이지']);
  });
  it('guards the member pages of docs/decisions/D6-menu-two-level.md', () => {
    for (const id of ['activity', 'challenge', 'bookclub', 'edu', 'mypage', 'information'] as const) {
      expect(pageById[id].guard).toBe('member');
    }
    for (const id of ['home', 'bookSearch', 'popular', 'noticeList', 'faq', 'service', 'terms'] as const) {
      expect(pageById[id].guard).toBe('public');
    }
  });
  it('every page in the menu is listed under its own section, so one group is current (decision 0051)', () => {
    for (const group of menu) {
      for (const item of group.items) {
        const section = pageById[item.page].section;
        expect(section, item.label).toBeDefined();
        expect(menu.find((g) => g.id === section)?.items.some((i) => i.page === item.page), item.label).toBe(true);
      }
    }
  });
  it('places a path in the menu by its page\'s section', () => {
    expect(menuPlace('/search/booksearch')).toEqual({ group: 'activity', page: 'bookSearch' });
    expect(menuPlace('/search/popularbooksearch')).toEqual({ group: 'books', page: 'popular' });
    expect(menuPlace('/mypage/mypage')).toEqual({ group: 'mypage', page: 'mypage' });
    expect(menuPlace('/board/notice/detail/7')).toEqual({ group: 'board', page: 'noticeDetail' });
    expect(menuPlace('/main/homemain')).toEqual({ group: undefined, page: 'home' });
    expect(menuPlace('/nope')).toEqual({ group: undefined, page: undefined });
  });
  it('links to my page with search_type=buy', () => {
    expect(hrefOf('mypage')).toBe('/mypage/mypage?search_type=buy');
  });
});

describe('path rules', () => {
  it('any path containing /login is the login screen', () => {
    expect(isLoginPath('/login/login')).toBe(true);
    expect(isLoginPath('/x/login')).toBe(true);
    expect(isLoginPath('/main/homemain')).toBe(false);
  });
  it('home has two entries', () => {
    expect(isHomePath('/main/homemain')).toBe(true);
    expect(isHomePath('/bookpoint/main/homemain')).toBe(true);
    expect(isHomePath('/service/service')).toBe(false);
  });
  it('/upcoming paths omit the top button', () => {
    expect(hidesTopButton('/upcoming/upcoming')).toBe(true);
    expect(hidesTopButton('/a/upcoming/b')).toBe(true);
    expect(hidesTopButton('/service/service')).toBe(false);
  });
  it('joincheck is skipped on the agree and information paths', () => {
    expect(skipsJoincheck('/agree/agree')).toBe(true);
    expect(skipsJoincheck('/mypage/information')).toBe(true);
    expect(skipsJoincheck('/mypage/mypage')).toBe(false);
  });
  it('matches concrete paths against patterns', () => {
    expect(matchPage('/board/notice/detail/12')?.id).toBe('noticeDetail');
    expect(matchPage('/board/notice/detail/')).toBeUndefined();
    expect(matchPage('/nope')).toBeUndefined();
  });
});
