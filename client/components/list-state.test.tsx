import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { messages } from '#shared/messages.ts';
import { ListState } from './list-state.tsx';

/** A list drawn as items, so a test can tell "drawn" from the two messages. */
const draw = (items: readonly string[]) => (
  <ul>
    {items.map((i) => (
      <li key={i}>{i}</li>
    ))}
  </ul>
);

describe('ListState', () => {
  it('says could-not-load when the loader could not ask, never the none words', () => {
    render(<ListState of={null as string[] | null} items={(l) => l} none="없어요">{draw}</ListState>);
    expect(screen.getByText(messages.error.temporary)).toBeTruthy();
    expect(screen.queryByText('없어요')).toBeNull();
  });

  it("says the page's own could-not-load words when it has them", () => {
    render(<ListState of={null as string[] | null} items={(l) => l} none="없어요" failed="목록을 불러오지 못했어요.">{draw}</ListState>);
    expect(screen.getByText('목록을 불러오지 못했어요.')).toBeTruthy();
  });

  it("says the API's own words when it answered with an error", () => {
    type Answer = { result: 'success'; list: string[] } | ErrorAnswer;
    const answer = { result: 'error', msg: '잠시 후 다시 시도해 주세요(API).' } as Answer;
    render(<ListState of={answer} items={(a) => a.list} none="없어요">{(a) => draw(a.list)}</ListState>);
    expect(screen.getByText('잠시 후 다시 시도해 주세요(API).')).toBeTruthy();
    expect(screen.queryByText('없어요')).toBeNull();
  });

  it('says none only when the API answered an empty list', () => {
    render(<ListState of={[] as string[]} items={(l) => l} none="없어요">{draw}</ListState>);
    expect(screen.getByText('없어요').className).toBe('empty');
    expect(screen.queryByText(messages.error.temporary)).toBeNull();
  });

  it('draws a none that is markup as it is', () => {
    render(<ListState of={[] as string[]} items={(l) => l} none={<p className="empty">없어요 <a href="/x">쓰기</a></p>}>{draw}</ListState>);
    expect(screen.getByRole('link', { name: '쓰기' })).toBeTruthy();
  });

  it('draws the list otherwise', () => {
    render(<ListState of={{ result: 'success' as const, list: ['가', '나'] }} items={(a) => a.list} none="없어요">{(a) => draw(a.list)}</ListState>);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['가', '나']);
  });
});
