/**
 * One review per member and book (decision 0113): with the member's own review in the form
 * (`review_key`), the review page's action edits it with PUT, leaving points alone, and says
 * the API's sentence; without it, the action writes a new review with POST.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionFunctionArgs } from 'react-router-dom';
import { apiMessages } from '#shared/messages-api.ts';
import type { FormResult } from '#client/components/form-result.tsx';
import { action } from './review-page.tsx';

const ISBN = '9788936410841';
const REVIEW = '책장을 넘길 때마다 오래 생각했다. '.repeat(12);

function apiAnswers(body: unknown) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function submit(fields: Record<string, string>): Promise<unknown> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const url = new URL('http://portal.test/activity/review');
  return action({ request: new Request(url, { method: 'POST', body }), url, pattern: '/activity/review', params: {}, context: undefined } as ActionFunctionArgs);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the review page edits the member’s own review', () => {
  it('with review_key: PUT to that review, the API’s sentence as the result', async () => {
    const fetchMock = apiAnswers({ result: 'success', msg: apiMessages.activity.reviewUpdated, review: {} });
    const result = (await submit({ isbn: ISBN, review_key: '41', title: ' 다시 읽고 ', rating: '4', content: REVIEW })) as FormResult<unknown>;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/homepage/activity/bookreview/41');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ title: '다시 읽고', rating: 4, content: REVIEW.trim() });
    expect(result).toEqual({ ok: true, by: 'browser', value: { edited: true, msg: '서평을 수정했습니다.' } });
  });

  it('without review_key: a new review with POST', async () => {
    const fetchMock = apiAnswers({ result: 'error', msg: apiMessages.activity.reviewExists });
    await submit({ isbn: ISBN, title: '서평', rating: '5', content: REVIEW });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/homepage/activity/bookreview');
    expect(init?.method).toBe('POST');
  });
});
