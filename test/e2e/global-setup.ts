/** Starts the portal for the whole run and hands its URL to the tests (E2E_BASE_URL). */
import { E2E_ENV, startPortalProcess } from '#test/fixtures/process.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const portal = await startPortalProcess(E2E_ENV);
  process.env['E2E_BASE_URL'] = portal.url;
  return () => portal.stop();
}
