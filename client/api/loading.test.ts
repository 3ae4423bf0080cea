import { afterEach, describe, expect, it, vi } from 'vitest';
import { loading } from './loading.ts';
import { api } from './client.ts';

afterEach(() => {
  loading.reset();
  vi.unstubAllGlobals();
});

describe('in-flight request count (spec §3 loadingCnt, isLoading)', () => {
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
    const pending = api('/api/v1/homepage/board/notice');
    expect(loading.count()).toBe(1);
    release(new Response(JSON.stringify({ result: 'success' }), { status: 200 }));
    await expect(pending).resolves.toEqual({ result: 'success' });
    expect(loading.count()).toBe(0);

    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('network down'))));
    await expect(api('/api/v1/homepage/board/notice')).resolves.toEqual({
      result: 'error',
      msg: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    });
    expect(loading.count()).toBe(0);
  });

  it('sends JSON, the portal header and the query string', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('{"result":"success"}')));
    vi.stubGlobal('fetch', fetchMock);
    await api('/api/v1/homepage/user/info', { method: 'POST', query: { a: '1', b: undefined, c: 2 }, body: { x: '한' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/homepage/user/info?a=1&c=2');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"x":"한"}');
    expect((init?.headers as Record<string, string>)['x-portal-request']).toBe('1');
    expect(init?.credentials).toBe('same-origin');
  });
});
