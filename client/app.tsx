/**
 * The providers around the router, identical on the server and in the browser, and the portal's
 * one announcer (shell/announce.ts, decision 0143): outside the router's layouts, so it stays the
 * same element from the first paint on, whatever page or error page is shown.
 */
import { StrictMode, type ReactNode } from 'react';
import type { PublicConfig } from '#shared/public-config.ts';
import { ANNOUNCER_ID } from './shell/announce.ts';
import { ConfigProvider } from './shell/config-context.tsx';
import { DialogProvider } from './shell/dialogs.tsx';
import { SessionProvider } from './session/session-context.tsx';
import type { SessionStore } from './session/store.ts';

export function App({ config, store, children }: { config: PublicConfig; store: SessionStore; children: ReactNode }) {
  return (
    <StrictMode>
      <ConfigProvider config={config}>
        <SessionProvider store={store}>
          <DialogProvider>{children}</DialogProvider>
          <div id={ANNOUNCER_ID} className="sr-only" aria-live="polite" />
        </SessionProvider>
      </ConfigProvider>
    </StrictMode>
  );
}
