import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { markLeaving, watchBuild } from '../api/build.ts';
import { lazyHere } from './lazy-part.tsx';

/** A part whose chunk fails to load `failures` times (as leaving the page cancels an import), then loads. */
function flakyPart(failures: number) {
  let calls = 0;
  const Part = lazyHere(() =>
    ++calls <= failures
      ? Promise.reject(new TypeError('error loading dynamically imported module'))
      : Promise.resolve({ default: ({ name }: { name: string }) => <p>{name} 도착</p> }),
  );
  return { Part, calls: () => calls };
}

// The page's events watched, as the browser entry does.
watchBuild('/assets/index-AbCd1234.js');

describe('lazyHere', () => {
  it('renders the part once its chunk is here', async () => {
    const { Part } = flakyPart(0);
    render(
      <Suspense fallback={<p>불러오는 중</p>}>
        <Part name="서평" />
      </Suspense>,
    );
    expect(await screen.findByText('서평 도착')).toBeTruthy();
  });

  it('while the page is being left, a cancelled chunk waits for the page to come back, then the part renders', async () => {
    markLeaving();
    const { Part, calls } = flakyPart(1);
    render(
      <Suspense fallback={<p>불러오는 중</p>}>
        <Part name="일지" />
      </Suspense>,
    );
    expect(screen.getByText('불러오는 중')).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(calls()).toBe(1);
    expect(screen.queryByText('일지 도착')).toBeNull();
    act(() => {
      dispatchEvent(new Event('pageshow'));
    });
    expect(await screen.findByText('일지 도착')).toBeTruthy();
    expect(calls()).toBe(2);
  });
});
