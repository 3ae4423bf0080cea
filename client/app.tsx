/** The providers around the router, identical on the server and in the browser. */
import { StrictMode, type ReactNode } from 'react';
import type { PublicConfig } from '#shared/public-config.ts';
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
        </SessionProvider>
      </ConfigProvider>
    </StrictMode>
  );
}
