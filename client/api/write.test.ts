/**
 * A member's write from the browser (write.ts, issue 38): retried with its key when the answer
 * is lost, waited for while the first is still running, kept on the device when offline or
 * still unconfirmed, its draft removed when the server confirms it; and the outbox sent later
 * for its own member only.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WRITE_CONFIRMED_EVENT } from '#shared/pwa.ts';
import type { SessionUser } from '#shared/session.ts';
import { readDraft, saveDraft } from '../forms/drafts.ts';
import { createBrowserSessionStore } from '../session/store.ts';
import { loading } from './loading.ts';
import type { OutboxEntry } from './outbox.ts';

/** The device's outbox, in memory (IndexedDB is the browser's). */
const kept = new Map<string, OutboxEntry>();
vi.mock('./outbox.ts', () => ({
  keep: (e: OutboxEntry) => {
    kept.set(e.key, e);
    return Promise.resolve(true);
  },
  drop: (key: string) => {
    kept.delete(key);
    return Promise.resolve();
  },
  markDone: (key: string, answer: OutboxEntry['answer']) => {
    const e = kept.get(key);
    if (e) kept.set(key, { ...e, state: 'done', ...(answer ? { answer } : {}) });
    return Promise.resolve();
  },
  allEntries: () => Promise.resolve([...kept.values()]),
}));

const { flushOutbox, sendWrite, toldLater, RETRY_PAUSES_MS } = await import('./write.ts');
const { endOfSeoulDay } = await import('#shared/contract/programme.ts');

const member = (id: string): SessionUser => ({
  user_id: id, user_name: '김서연', user_no: '1', user_key: 'k', user_auth: [], isHomeLoggedIn: true, isHomeAgreeYn: 'Y', isHomeNoticeYn: 'N',
});

const EARNED = { result: 'success', msg: '적립', activity_key: 7, points: 50, balance: 1_250, monthly_limit: 20, earned_count_month: 3 };
const DIARY = { method: 'POST', path: '/activity/bookdiary', pattern: '/activity/bookdiary', body: { isbn: '9788936434120', content: '오늘' }, idempotencyKey: 'key-1' } as const;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** Answers fetches in turn: a Response, or an Error thrown as the network's failure. */
function network(...answers: (Response | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const mock = vi.fn((url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  vi.stubGlobal('fetch', mock);
  return calls;
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

const header = (c: { init: RequestInit }, name: string) => (c.init.headers as Record<string, string>)[name];

/** Runs a write while the retry pauses pass. */
async function settle<T>(p: Promise<T>): Promise<T> {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(RETRY_PAUSES_MS[RETRY_PAUSES_MS.length - 1] ?? 0);
  return p;
}

beforeEach(() => {
  vi.useFakeTimers();
  kept.clear();
  localStorage.clear();
  setOnline(true);
  createBrowserSessionStore(member('reader01'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  loading.reset();
});

describe('a write whose answer is lost', () => {
  it('is sent again with the same key and takes the first answer: one success, its points, the draft gone', async () => {
    saveDraft('reader01', 'diary:9788936434120', { key: 'key-1', fields: { content: '오늘' }, at: 1 });
    const confirmed = vi.fn();
    addEventListener(WRITE_CONFIRMED_EVENT, confirmed);
    const calls = network(new TypeError('Failed to fetch'), json(200, EARNED, { 'idempotent-replayed': 'true' }));
    const answer = await settle(sendWrite(DIARY));
    removeEventListener(WRITE_CONFIRMED_EVENT, confirmed);
    expect(answer).toEqual(EARNED);
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => header(c, 'idempotency-key'))).toEqual(['"key-1"', '"key-1"']);
    expect(calls.map((c) => c.init.body)).toEqual([JSON.stringify(DIARY.body), JSON.stringify(DIARY.body)]);
    expect(readDraft('reader01', 'diary:9788936434120')).toBeNull();
    expect(confirmed).toHaveBeenCalledOnce();
    expect(kept.size).toBe(0);
  });

  it('the gateway\'s 502/504 and a first still running (409 idempotency_in_progress) are waited out the same way', async () => {
    const calls = network(
      json(504, { result: 'error', msg: 'x' }),
      json(409, { result: 'error', msg: '처리 중', code: 'idempotency_in_progress' }),
      json(200, EARNED),
    );
    expect(await settle(sendWrite(DIARY))).toEqual(EARNED);
    expect(calls).toHaveLength(3);
  });

  it('an API refusal is its verdict at once (no retry), and the draft stays', async () => {
    saveDraft('reader01', 'diary:9788936434120', { key: 'key-1', fields: { content: '오늘' }, at: 1 });
    const refusal = { result: 'error', msg: '오늘 이 책에 같은 내용의 독서일지를 이미 기록했습니다.' };
    const calls = network(json(409, refusal));
    expect(await settle(sendWrite(DIARY))).toEqual(refusal);
    expect(calls).toHaveLength(1);
    expect(readDraft('reader01', 'diary:9788936434120')?.key).toBe('key-1');
  });

  it('still no answer after the retries: not yet confirmed (never "failed"), and kept on the device with its key', async () => {
    const calls = network(...Array.from({ length: RETRY_PAUSES_MS.length + 1 }, () => new TypeError('Failed to fetch')));
    const answer = await settle(sendWrite(DIARY));
    expect(calls).toHaveLength(RETRY_PAUSES_MS.length + 1);
    expect(answer).toMatchObject({ result: 'error', code: 'unconfirmed' });
    expect(answer.msg).toContain('확인하지 못했어요');
    expect(answer.msg).not.toContain('오류');
    expect(kept.get('key-1')).toMatchObject({ userId: 'reader01', method: 'POST', path: '/activity/bookdiary', body: DIARY.body, state: 'waiting' });
  });

  it('the same key with another text: the earlier version was stored, said so; the form takes a new key', async () => {
    const confirmed = vi.fn();
    addEventListener(WRITE_CONFIRMED_EVENT, confirmed);
    network(json(422, { result: 'error', msg: 'x', code: 'idempotency_key_reused' }));
    const answer = await settle(sendWrite(DIARY));
    removeEventListener(WRITE_CONFIRMED_EVENT, confirmed);
    expect(answer).toMatchObject({ result: 'error', code: 'idempotency_key_reused' });
    expect(answer.msg).toContain('이미 저장되어 있어요');
    expect(confirmed).toHaveBeenCalledOnce();
  });
});

describe('offline', () => {
  it('is named as offline and the write waits on the device; nothing is retried meanwhile', async () => {
    setOnline(false);
    const calls = network(new TypeError('Failed to fetch'));
    const answer = await settle(sendWrite(DIARY));
    expect(calls).toHaveLength(1);
    expect(answer).toMatchObject({ result: 'error', code: 'queued', msg: expect.stringContaining('인터넷에 연결되어 있지 않아요') });
    expect(kept.get('key-1')?.state).toBe('waiting');
  });

  it('the challenge\'s check-in waits for its own day only', async () => {
    setOnline(false);
    network(new TypeError('Failed to fetch'));
    await settle(sendWrite({ method: 'POST', path: '/challenge/checkin', pattern: '/challenge/checkin', idempotencyKey: 'k-checkin' }));
    expect(kept.get('k-checkin')?.expiresAt).toBe(endOfSeoulDay(Date.now()));
  });

  it('the end of a Seoul day is midnight in Seoul', () => {
    // 2026-11-28 23:30 in Seoul is 14:30 UTC; the day ends at 15:00 UTC.
    expect(endOfSeoulDay(Date.UTC(2026, 10, 28, 14, 30))).toBe(Date.UTC(2026, 10, 28, 15, 0));
  });
});

describe('the outbox sent later', () => {
  const entry = (key: string, userId: string, createdAt: number): OutboxEntry => ({
    key, userId, method: 'POST', path: '/activity/bookdiary', pattern: '/activity/bookdiary', body: { isbn: '9788936434120', content: key }, createdAt, state: 'waiting',
  });

  it('sends the member\'s own writes once each, with their keys and the member named; tells what they earned', async () => {
    kept.set('a', entry('a', 'reader01', 1));
    kept.set('b', entry('b', 'reader02', 2));
    saveDraft('reader01', 'diary:9788936434120', { key: 'a', fields: { content: 'a' }, at: 1 });
    const calls = network(json(200, EARNED));
    const told = await flushOutbox();
    expect(calls).toHaveLength(1);
    expect(header(calls[0] ?? { init: {} }, 'idempotency-key')).toBe('"a"');
    expect(header(calls[0] ?? { init: {} }, 'x-portal-member')).toBe('reader01');
    expect(told).toEqual([{ key: 'a', ok: true, sentence: expect.stringContaining('50P') }]);
    expect(told[0]?.sentence).toContain('기다리던 독서일지를 보냈어요.');
    // Sent, kept with its answer until the member is told.
    expect(kept.get('a')?.state).toBe('done');
    await toldLater('a');
    expect([...kept.keys()]).toEqual(['b']);
    expect(readDraft('reader01', 'diary:9788936434120')).toBeNull();
    expect(loading.count()).toBe(0);
  });

  it('a write sent by a page left before it told the member is told by the next page, once, without sending it again', async () => {
    kept.set('a', entry('a', 'reader01', 1));
    const calls = network(json(200, EARNED));
    const first = await flushOutbox();
    expect(calls).toHaveLength(1);
    // The page is left here: nothing told, nothing forgotten.
    const next = await flushOutbox();
    expect(calls).toHaveLength(1);
    expect(next).toEqual(first);
    await toldLater('a');
    expect(await flushOutbox()).toEqual([]);
    expect(kept.size).toBe(0);
  });

  it('stops when the network is still away, and leaves a write the session may not send (401, another member)', async () => {
    kept.set('a', entry('a', 'reader01', 1));
    kept.set('c', entry('c', 'reader01', 3));
    network(json(409, { result: 'error', msg: 'x', code: 'member_changed' }));
    expect(await flushOutbox()).toEqual([]);
    network(new TypeError('Failed to fetch'));
    expect(await flushOutbox()).toEqual([]);
    expect([...kept.keys()].sort()).toEqual(['a', 'c']);
  });

  it('a check-in of a day that is over is dropped and said so', async () => {
    kept.set('old', { ...entry('old', 'reader01', 1), path: '/challenge/checkin', pattern: '/challenge/checkin', expiresAt: Date.now() - 1 });
    const calls = network();
    const told = await flushOutbox();
    expect(calls).toHaveLength(0);
    expect(told).toEqual([{ key: 'old', ok: false, sentence: expect.stringContaining('출석') }]);
    await toldLater('old');
    expect(kept.size).toBe(0);
  });
});
