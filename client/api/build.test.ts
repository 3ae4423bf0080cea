import { describe, expect, it } from 'vitest';
import { importHere, markLeaving } from './build.ts';

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

describe('importHere', () => {
  it('answers the module, and fails as the import fails while the page stays', async () => {
    await expect(importHere(flaky(0).load)).resolves.toBe('module');
    await expect(importHere(flaky(1).load)).rejects.toThrow('error loading dynamically imported module');
  });

  it('while the page is being left, a cancelled import waits, and tries again when the page comes back', async () => {
    markLeaving();
    const f = flaky(1);
    const module = importHere(f.load);
    expect(await pending(module)).toBe(true);
    expect(f.calls()).toBe(1);
    dispatchEvent(new Event('pageshow'));
    await expect(module).resolves.toBe('module');
    expect(f.calls()).toBe(2);
  });
});
