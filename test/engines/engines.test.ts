/**
 * The member's journeys in Firefox and WebKit (Chromium runs the Playwright suite, test/e2e/):
 * per engine, over plain HTTP and over HTTPS (a self-signed certificate made for the run), at
 * 390 and 1280 px, each on a portal of its own. Run with node's test runner:
 *   npm run test:engines                        both engines
 *   npm run test:engines -- --engine=webkit     one (or ENGINE=firefox)
 * Debian: apt-get install firefox-esr webkit2gtk-driver xvfb xauth (docs/decisions/0016).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ENGINES, type Engine, type EngineName } from './browser.ts';
import { FirefoxEngine } from './firefox.ts';
import { DESKTOP, PHONE, Run } from './journeys.ts';
import { SCHEMES, startRunPortal } from './portal.ts';
import { WebKitEngine } from './webkit.ts';

function chosenEngines(): EngineName[] {
  const arg = process.argv.find((a) => a.startsWith('--engine='))?.slice('--engine='.length);
  const raw = arg ?? process.env['ENGINE'] ?? ENGINES.join(',');
  const names = raw.split(',').map((n) => n.trim()).filter(Boolean);
  for (const n of names) if (!ENGINES.includes(n as EngineName)) throw new Error(`unknown engine "${n}" (choose from ${ENGINES.join(', ')})`);
  return names as EngineName[];
}

const engines = chosenEngines();
/** Long journeys on a loaded 2-core machine. */
const JOURNEY = { timeout: 180_000 };

describe('engines', { concurrency: Number(process.env['ENGINES_PARALLEL'] ?? engines.length) }, () => {
  for (const name of engines) {
    // One journey at a time within an engine (they share the member's session); concurrency is inherited otherwise.
    describe(name, { concurrency: 1 }, () => {
      let engine: Engine;
      before(() => {
        engine = name === 'firefox' ? new FirefoxEngine() : new WebKitEngine();
      });
      after(() => engine.close());

      for (const scheme of SCHEMES) {
        for (const viewport of [PHONE, DESKTOP]) {
          describe(`${scheme} at ${viewport.width} px`, () => {
            let run: Run;
            before(async () => {
              run = new Run(engine, viewport, `${name} ${scheme} ${viewport.width}`);
              const portal = await startRunPortal(scheme);
              assert.ok(portal.url.startsWith(`${scheme}:`), `the portal answers over ${scheme} (${portal.url})`);
              run.use(portal);
            }, { timeout: 60_000 });
            after(() => run.portal.stop());

            const journeys: [string, (r: Run) => Promise<void>][] = [
              ['headers of the scheme', (r) => r.headers()],
              ['the shell hydrated, the menu opened', (r) => r.shell()],
              ['sign-in with JavaScript, kept signed in, auto login in a new session', (r) => r.signIn()],
              ['a diary and a review earn points and read back on my page', (r) => r.diaryAndReview()],
              ['the 21-day challenge check-in', (r) => r.challenge()],
              ['화면 설정: high contrast', (r) => r.display()],
              ['sign out', (r) => r.signOut()],
              ['sign-in without JavaScript', (r) => r.signInWithoutJavaScript()],
            ];
            for (const [title, journey] of journeys) {
              test(title, JOURNEY, () => journey(run));
            }
          });
        }
      }
    });
  }
});
