/** Starts the portal for the whole run and hands its URL to the tests (E2E_BASE_URL). */
import { startPortal } from './portal-process.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const portal = await startPortal();
  process.env['E2E_BASE_URL'] = portal.url;
  return () => portal.stop();
}
