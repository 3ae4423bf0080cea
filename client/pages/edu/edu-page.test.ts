/**
 * 교육 인증's request is a page action (decision 0031): the required fields in the order of
 * the form, then the API's answer — its message for a refusal and for a request it took.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { action } from './edu-page.tsx';

const FILLED = { edu_type: 'lifelong', course_name: ' 그림책으로 읽는 세상 ', certificate_no: 'LL-2026-0001 ', completed_on: '2026-11-10' };

async function post(fields: Record<string, string>): Promise<unknown> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const url = new URL('http://portal.test/edu/eduBook');
  const out: unknown = await action({ request: new Request(url, { method: 'POST', body }), url, pattern: url.pathname, params: {}, context: undefined });
  // A refusal is react-router's data(result, { status }).
  return typeof out === 'object' && out !== null && 'data' in out ? out.data : out;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the education certification request', () => {
  it('asks for the first empty field, keeping what was typed', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await post({ ...FILLED, course_name: '  ', certificate_no: '' })).toEqual({
      ok: false, by: 'browser', message: '과정명을 입력해 주세요.', field: 'course_name',
      values: { ...FILLED, course_name: '  ', certificate_no: '' },
    });
    expect(await post({ ...FILLED, completed_on: '' })).toMatchObject({ message: '수료일을 입력해 주세요.', field: 'completed_on' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the trimmed fields; a refusal is the API’s message, a success its sentence', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(Response.json({ result: 'error', msg: '이미 인증된 수료증 번호입니다.' }, { status: 409 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await post(FILLED)).toMatchObject({ ok: false, message: '이미 인증된 수료증 번호입니다.', values: FILLED });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/homepage/activity/authentication/edu');
    expect(JSON.parse(String(init?.body))).toEqual({
      edu_type: 'lifelong', course_name: '그림책으로 읽는 세상', certificate_no: 'LL-2026-0001', completed_on: '2026-11-10',
    });
    fetchMock.mockResolvedValueOnce(Response.json({
      result: 'success', msg: '500포인트가 적립되었습니다.', activity_key: 77, points: 500, balance: 1500, monthly_limit: 2, earned_count_month: 1,
    }));
    expect(await post(FILLED)).toEqual({ ok: true, by: 'browser', value: 77, message: '500포인트가 적립되었습니다.' });
  });
});
