import { afterEach, describe, expect, it, vi } from 'vitest';

/** A load that fails `failures` times, then answers. */
function flaky(failures: number): { load: () => Promise<string>; calls: () => number } {
  let calls = 0;
  return {
    load: () => (++calls <= failures ? Promise.reject(new TypeError('error loading dynamically imported module')) : Promise.resolve('module')),
    calls: () => calls,
  };
}

/** Whether the promise is still pending after the tasks queued now have run. */
async function pending(p: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  const first = await Promise.race([p.then(() => 'settled', () => 'settled'), new Promise((r) => setTimeout(() => r(marker), 20))]);
  return first === marker;
}

/** build.ts with its state fresh (each test its own page), the page's events watched as the browser entry does. */
async function freshBuild() {
  vi.resetModules();
  const build = await import('./build.ts');
  build.watchBuild('/assets/index-AbCd1234.js');
  return build;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('importHere', () => {
  it('answers the module, and fails as the import fails while the page stays', async () => {
    const { importHere } = await freshBuild();
    await expect(importHere(flaky(0).load)).resolves.toBe('module');
    await expect(importHere(flaky(1).load)).rejects.toThrow('error loading dynamically imported module');
  });

  it('while the page is being left, a cancelled import waits, and tries again when the page comes back', async () => {
    const { importHere, markLeaving } = await freshBuild();
    markLeaving();
    const f = flaky(1);
    const module = importHere(f.load);
    expect(await pending(module)).toBe(true);
    expect(f.calls()).toBe(1);
    dispatchEvent(new Event('pageshow'));
    await expect(module).resolves.toBe('module');
    expect(f.calls()).toBe(2);
  });

  it('a leave that does not happen (beforeunload, no pagehide): the waiting import is tried again after the grace', async () => {
    const build = await freshBuild();
    vi.useFakeTimers();
    dispatchEvent(new Event('beforeunload'));
    expect(build.leavingPage()).toBe(true);
    const f = flaky(1);
    const module = build.importHere(f.load);
    await vi.advanceTimersByTimeAsync(build.LEAVING_GRACE_MS - 1);
    expect(f.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(module).resolves.toBe('module');
    expect(f.calls()).toBe(2);
    expect(build.leavingPage()).toBe(false);
    // The page stays: a failure now is said, not waited on.
    await expect(build.importHere(flaky(1).load)).rejects.toThrow('error loading dynamically imported module');
  });

  it('a page hidden after beforeunload (the leave happened) stays left after the grace, until it comes back', async () => {
    const build = await freshBuild();
    vi.useFakeTimers();
    dispatchEvent(new Event('beforeunload'));
    const f = flaky(1);
    const module = build.importHere(f.load);
    dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(build.LEAVING_GRACE_MS * 2);
    expect(f.calls()).toBe(1);
    expect(build.leavingPage()).toBe(true);
    dispatchEvent(new Event('pageshow'));
    await expect(module).resolves.toBe('module');
    expect(f.calls()).toBe(2);
    expect(build.leavingPage()).toBe(false);
  });
});
