import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { messages } from '#shared/messages.ts';

/** A page whose lazy part failed to load, as Firefox says it when a navigation cancelled the load. */
function Failing(): never {
  throw new TypeError('error loading dynamically imported module');
}

async function renderFailed() {
  // A fresh module state for build.ts's flags in each test.
  vi.resetModules();
  const build = await import('../api/build.ts');
  const { RouteError } = await import('./route-error.tsx');
  return {
    build,
    grace: build.LEAVING_GRACE_MS,
    show: () => {
      const router = createMemoryRouter(
        [
          {
            path: '/',
            element: <Failing />,
            errorElement: <RouteError />,
          },
        ],
        { initialEntries: ['/'] },
      );
      render(<RouterProvider router={router} />);
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('RouteError', () => {
  it('says the error and offers home', async () => {
    const { show } = await renderFailed();
    show();
    expect(await screen.findByRole('heading', { name: messages.error.pageTitle })).toBeTruthy();
  });

  it('shows nothing while the page is being left, and says it if the page is still here after the grace', async () => {
    const { build, grace, show } = await renderFailed();
    build.markLeaving();
    vi.useFakeTimers();
    show();
    await act(() => vi.advanceTimersByTimeAsync(grace - 100));
    expect(screen.queryByRole('heading', { name: messages.error.pageTitle })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('heading', { name: messages.error.pageTitle })).toBeTruthy();
  });
});
