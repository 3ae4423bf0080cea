/** The providers around the router, identical on the server and in the browser. */
import { StrictMode, type ReactNode } from 'react';
import type { PublicConfig } from '../shared/public-config.ts';
import { ConfigProvider } from './shell/config-context.tsx';
import { DialogProvider } from './shell/dialogs.tsx';
import { SessionProvider, type Session } from './session/session-context.tsx';

export function App({ config, session, children }: { config: PublicConfig; session: Session; children: ReactNode }) {
  return (
    <StrictMode>
      <ConfigProvider config={config}>
        <SessionProvider session={session}>
          <DialogProvider>{children}</DialogProvider>
        </SessionProvider>
      </ConfigProvider>
    </StrictMode>
  );
}
