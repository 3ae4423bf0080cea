/**
 * The diary and review pages show the homepage API's own Korean reason when it refuses a
 * write (decision 0113): a repeated diary and a second review of a book
 * (409), and writes past the member's rate (429). The answer goes from the gateway's fetch
 * through the page's action to the form's result: alerted in a dialog with JavaScript, shown
 * next to the form (role=alert) without.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionFunctionArgs } from 'react-router-dom';
import { apiMessages } from '#shared/messages-api.ts';
import { FormMessage, type FormResult } from '#client/forms/form-result.tsx';
import { action as diaryAction } from '#client/pages/diary/diary-page.tsx';
import { action as reviewAction } from '#client/pages/review/review-page.tsx';

/** 소년이 온다 (한강, 창비). */
const ISBN = '9788936410841';
const REVIEW = '책장을 넘길 때마다 오래 생각했다. '.repeat(12);

/** The gateway answers `status` with `body`. */
function apiAnswers(status: number, body: unknown) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The gateway answers `status` with the API's error answer. */
function apiRefuses(status: number, msg: string) {
  return apiAnswers(status, { result: 'error', msg });
}

async function submit(run: (args: ActionFunctionArgs) => Promise<unknown>, path: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const url = new URL(`http://portal.test${path}`);
  const out = await run({ request: new Request(url, { method: 'POST', body }), url, pattern: path, params: {}, context: undefined });
  // A refusal is react-router's data(result, { status }); a success is the result itself.
  if (typeof out === 'object' && out !== null && 'data' in out) {
    const wrapped = out as { data: FormResult<unknown>; init: { status?: number } | null };
    return { result: wrapped.data, status: wrapped.init?.status };
  }
  return { result: out as FormResult<unknown>, status: undefined };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API’s refusals on the diary and review pages', () => {
  it('a repeated diary: the API’s reason, the text kept, the text field to fix', async () => {
    const fetchMock = apiRefuses(409, apiMessages.activity.diaryRepeat);
    const { result, status } = await submit(diaryAction, '/activity/diary', { isbn: ISBN, content: '오늘 읽은 부분' });
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/homepage/activity/bookdiary', expect.objectContaining({ method: 'POST' }));
    expect(status).toBe(400);
    expect(result).toEqual({
      ok: false, by: 'browser', message: '오늘 이 책에 같은 내용의 독서일지를 이미 기록했습니다. 새로운 내용으로 입력해 주세요.',
      field: 'content', values: { isbn: ISBN, content: '오늘 읽은 부분' },
    });
  });

  it('a second review of a book: told to edit the existing one', async () => {
    apiRefuses(409, apiMessages.activity.reviewExists);
    const { result } = await submit(reviewAction, '/activity/review', { isbn: ISBN, title: '두 번째 서평', rating: '4', content: REVIEW });
    expect(result).toMatchObject({
      ok: false, message: '이 책의 서평을 이미 썼습니다. 서평은 책마다 하나만 쓸 수 있으니 나의 서평에서 기존 서평을 수정해 주세요.',
      values: { title: '두 번째 서평', content: REVIEW },
    });
  });

  it('writes past the member’s rate (429): the API’s reason, not a generic error', async () => {
    apiRefuses(429, apiMessages.activity.tooManyWrites(10));
    const diary = await submit(diaryAction, '/activity/diary', { isbn: ISBN, content: '또 하나' });
    expect(diary.result).toMatchObject({ ok: false, message: '활동 기록은 1분에 10번까지 할 수 있습니다. 잠시 후 다시 시도해 주세요.' });
    const review = await submit(reviewAction, '/activity/review', { isbn: ISBN, title: '서평', rating: '5', content: REVIEW });
    expect(review.result).toMatchObject({ ok: false, message: apiMessages.activity.tooManyWrites(10) });
  });

  it('without JavaScript the reason is shown beside the form', () => {
    render(<FormMessage id="review-message" result={{ ok: false, by: 'server', message: apiMessages.activity.reviewExists, field: 'content' }} />);
    expect(screen.getByRole('alert').textContent).toBe(apiMessages.activity.reviewExists);
  });
});

describe('the review page edits the member’s own review (one review per book)', () => {
  it('with review_key: PUT to that review, the API’s sentence as the result', async () => {
    const fetchMock = apiAnswers(200, { result: 'success', msg: apiMessages.activity.reviewUpdated, review: {} });
    const { result } = await submit(reviewAction, '/activity/review', { isbn: ISBN, review_key: '41', title: ' 다시 읽고 ', rating: '4', content: REVIEW });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/homepage/activity/bookreview/41');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ title: '다시 읽고', rating: 4, content: REVIEW.trim() });
    expect(result).toEqual({ ok: true, by: 'browser', value: { edited: true, msg: '서평을 수정했습니다.' } });
  });

  it('without review_key: a new review with POST', async () => {
    const fetchMock = apiRefuses(409, apiMessages.activity.reviewExists);
    await submit(reviewAction, '/activity/review', { isbn: ISBN, title: '서평', rating: '5', content: REVIEW });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/homepage/activity/bookreview');
    expect(init?.method).toBe('POST');
  });
});
