import { describe, expect, it } from 'vitest';
import { jsonForHtml, trackDeferred } from './hydration.ts';

describe('jsonForHtml', () => {
  it('escapes what could end or break the data block, and parses back to the same value', () => {
    const value = { title: '</script><script>alert(1)</script>', and: 'A & B', sep: 'a\u2028b\u2029c', plain: '작별하지 않는다' };
    const json = jsonForHtml(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(json).toContain('A \\u0026 B');
    expect(json).toContain('a\\u2028b\\u2029c');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('trackDeferred', () => {
  it('marks each settled value the way React reads it without suspending', async () => {
    const ok = Promise.resolve([1, 2]);
    const failed = Promise.reject(new Error('down'));
    failed.catch(() => undefined);
    const pending = new Promise<never>(() => undefined);
    const deferred = trackDeferred({ page: { ok, failed, pending, plain: 3 } });
    await Promise.race([deferred.settled, new Promise((r) => setTimeout(r, 0))]);
    expect(ok).toMatchObject({ status: 'fulfilled', value: [1, 2] });
    expect(failed).toMatchObject({ status: 'rejected' });
    expect((pending as Promise<never> & { status?: string }).status).toBeUndefined();
    expect(deferred.marker(ok)).toEqual({ __deferred: 'ok', value: [1, 2] });
    expect(deferred.marker(failed)).toEqual({ __deferred: 'error' });
    expect(deferred.done()).toBe(false);
    deferred.stop();
    await deferred.settled;
  });

  it('tells when every value has settled, so the shell need not wait for them', async () => {
    let release: (v: string) => void = () => undefined;
    const later = new Promise<string>((r) => (release = r));
    const deferred = trackDeferred({ root: { now: Promise.resolve(1) }, page: { later } });
    expect(deferred.done()).toBe(false);
    release('ok');
    await deferred.settled;
    expect(deferred.done()).toBe(true);
    expect(trackDeferred({ page: { plain: 1 } }).done()).toBe(true);
  });
});
