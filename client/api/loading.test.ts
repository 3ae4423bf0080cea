import { afterEach, describe, expect, it, vi } from 'vitest';
import { loading } from './loading.ts';
import { fetchJson } from './client.ts';
import { homepage } from './homepage.ts';

afterEach(() => {
  loading.reset();
  vi.unstubAllGlobals();
});

describe('in-flight request count (docs/product.md §3 loadingCnt, isLoading)', () => {
  it('counts overlapping requests and never goes below zero', () => {
    expect(loading.isLoading()).toBe(false);
    loading.begin();
    loading.begin();
    expect(loading.count()).toBe(2);
    loading.end();
    expect(loading.isLoading()).toBe(true);
    loading.end();
    loading.end();
    expect(loading.count()).toBe(0);
    expect(loading.isLoading()).toBe(false);
  });

  it('numbers each busy spell', () => {
    loading.begin();
    const first = loading.busyEpisode();
    loading.begin();
    expect(loading.busyEpisode()).toBe(first);
    loading.end();
    loading.end();
    expect(loading.busyEpisode()).toBe(0);
    loading.begin();
    expect(loading.busyEpisode()).toBe(first + 1);
    loading.end();
  });

  it('the API module counts each call while it is in flight, failures included', async () => {
    let release: (v: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((r) => (release = r))));
    const pending = fetchJson('/api/v1/homepage/board/notice');
    expect(loading.count()).toBe(1);
    release(new Response(JSON.stringify({ result: 'success' }), { status: 200 }));
    await expect(pending).resolves.toEqual({ result: 'success' });
    expect(loading.count()).toBe(0);

    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('network down'))));
    await expect(fetchJson('/api/v1/homepage/board/notice')).resolves.toEqual({
      result: 'error',
      msg: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
      code: 'unavailable',
    });
    expect(loading.count()).toBe(0);
  });

  it('sends JSON, the portal header and the query string', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('{"result":"success"}')));
    vi.stubGlobal('fetch', fetchMock);
    await fetchJson('/api/v1/homepage/user/info', { method: 'POST', query: { a: '1', b: undefined, c: 2 }, body: { x: '한' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/homepage/user/info?a=1&c=2');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"x":"한"}');
    expect((init?.headers as Record<string, string>)['x-portal-request']).toBe('1');
    expect(init?.credentials).toBe('same-origin');
  });

  it('the typed homepage client fills path parameters and sends the query through the gateway', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('{"result":"success"}')));
    vi.stubGlobal('fetch', fetchMock);
    await homepage().get('/board/notice/:notice_info_key', { params: { notice_info_key: 12 } });
    await homepage().get('/code/local/:a/:b', { params: { a: '43', b: '43110' } });
    await homepage().post('/bookclub/:club_key/join', { params: { club_key: 7 } });
    await homepage().get('/book/search', { query: { query: '한강 소년', page: 2 } });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET /api/v1/homepage/board/notice/12',
      'GET /api/v1/homepage/code/local/43/43110',
      'POST /api/v1/homepage/bookclub/7/join',
      'GET /api/v1/homepage/book/search?query=%ED%95%9C%EA%B0%95+%EC%86%8C%EB%85%84&page=2',
    ]);
  });

  it('the 5xx of the gateway is a transport failure, not the API\'s verdict', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"result":"error","msg":"x"}', { status: 502 }))));
    await expect(fetchJson('/api/v1/homepage/board/notice')).resolves.toMatchObject({ result: 'error', code: 'unavailable' });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"result":"error","msg":"탈퇴한 회원입니다."}', { status: 200 }))));
    await expect(fetchJson('/api/v1/homepage/common/joincheck/x')).resolves.toEqual({ result: 'error', msg: '탈퇴한 회원입니다.' });
  });
});
