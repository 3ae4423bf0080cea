import { afterEach, describe, expect, it } from 'vitest';
import { clientTarget } from './link-delegate.ts';

const ORIGIN = window.location.origin;

function clickOn(html: string, init: MouseEventInit = {}): { event: MouseEvent; target: Element } {
  document.body.innerHTML = html;
  const target = document.querySelector('[data-click]') ?? document.body;
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return { event, target };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('clientTarget', () => {
  it('hands a plain click on a link to a portal page to the router, with its query and hash', () => {
    const { event } = clickOn('<a href="/board/notice/homenotice?page=2#list"><span data-click>공지사항</span></a>');
    expect(clientTarget(event, ORIGIN)).toBe('/board/notice/homenotice?page=2#list');
  });

  it('matches pages with a parameter', () => {
    const { event } = clickOn('<a data-click href="/board/notice/detail/12">공지</a>');
    expect(clientTarget(event, ORIGIN)).toBe('/board/notice/detail/12');
  });

  it.each([
    ['a modifier key', '<a data-click href="/board/notice/homenotice">x</a>', { ctrlKey: true }],
    ['the middle button', '<a data-click href="/board/notice/homenotice">x</a>', { button: 1 }],
    ['another window', '<a data-click target="_blank" href="/board/notice/homenotice">x</a>', {}],
    ['a download', '<a data-click download href="/board/notice/homenotice">x</a>', {}],
    ['a link that asks for a document load', '<a data-click data-document href="/board/notice/homenotice">x</a>', {}],
    ['another site', '<a data-click href="https://www.cbe.go.kr/">x</a>', {}],
    ['an address that is not a page', '<a data-click href="/mypage/card.svg">x</a>', {}],
    ['the sign-out route', '<a data-click href="/logout">x</a>', {}],
    ['no link at all', '<p data-click>x</p>', {}],
  ])('leaves %s to the browser', (_what, html, init) => {
    const { event } = clickOn(html, init);
    expect(clientTarget(event, ORIGIN)).toBeUndefined();
  });

  it('skips a click a link already handled (react-router <Link>)', () => {
    const { event } = clickOn('<a data-click href="/board/notice/homenotice">x</a>');
    event.preventDefault();
    expect(clientTarget(event, ORIGIN)).toBeUndefined();
  });
});
