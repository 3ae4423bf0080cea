/** Renders shell components inside the providers and a memory data router, for tests. */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import type { PublicConfig } from '#shared/public-config.ts';
import { App } from '../app.tsx';
import { createServerSessionStore } from '../session/store.ts';
import type { SessionUser } from '#shared/session.ts';

export const testConfig: PublicConfig = {
  testLogin: false,
  siteName: '충북 독서포인트',
  libraryName: '충청북도립도서관',
  libraryUrl: 'https://library.example.kr',
  instituteName: '충청북도평생교육진흥원',
  instituteUrl: 'https://institute.example.kr',
  supportPhone: '043-220-5600',
  supportEmail: 'noreply@example.kr',
  redirectHosts: [],
};

function Where() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

export function renderAt(ui: ReactNode, url: string, opts: { history?: string[]; user?: SessionUser | null } = {}) {
  const entries = [...(opts.history ?? []), url];
  const router = createMemoryRouter(
    [{ path: '*', element: <>{ui}<Where /></> }],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  const store = createServerSessionStore(opts.user ?? null);
  return { router, store, ...render(<App config={testConfig} store={store}><RouterProvider router={router} /></App>) };
}
