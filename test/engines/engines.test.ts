/**
 * Per engine, on portals of their own, run with node's test runner:
 * - the member's journeys in Firefox and WebKit (Chromium runs them in the Playwright suite,
 *   test/e2e/), over plain HTTP and over HTTPS (a self-signed certificate made for the run), at
 *   390 and 1280 px (decision 0016);
 * - the layout check in Chromium, Firefox and WebKit: every page and a few states, visitor and
 *   member, at 280, 305, 320 and 360 px in four display modes — every combination in Chromium,
 *   a rotating share in the other two (suites/layout/; decisions 0132, 0144);
 * - the keyboard-only member journey in all three (suites/keyboard.ts, decision 0132);
 * - nothing a member writes is lost, in Firefox (suites/nothing-lost.ts, decision 0147: Chromium has
 *   test/e2e/nothing-lost.spec.ts): an answer lost after the write, offline at 저장, a draft
 *   through a reload.
 *   npm run test:engines                              all engines, all suites
 *   npm run test:engines -- --engine=webkit           one engine (or ENGINE=firefox)
 *   npm run test:engines -- --suite=layout,keyboard   some suites (or SUITE=layout): journeys, layout, keyboard, nothing-lost
 *   LAYOUT_SHOTS=/tmp/shots …                         the layout check saves what it measured as PNGs
 *   LAYOUT_ALL=1 …                                    every combination in Firefox and WebKit too
 * The journeys are suites/journeys.ts. Each engine is driven by drivers/ (browser.ts: what a suite
 * may ask of any engine; chromium.ts, firefox.ts over BiDi with bidi.ts, webkit.ts over
 * WebKitWebDriver; puppeteer.ts: the session Chromium and Firefox share) against the run's
 * portal (drivers/portal.ts).
 * Debian: apt-get install chromium firefox-esr webkit2gtk-driver xvfb xauth.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { ENGINES, explainedBy, type Engine, type EngineName } from './drivers/browser.ts';
import { ChromiumEngine } from './drivers/chromium.ts';
import { FirefoxEngine } from './drivers/firefox.ts';
import { DESKTOP, PHONE, Run } from './suites/journeys.ts';
import { keyboardJourney } from './suites/keyboard.ts';
import { NOTHING_LOST, NothingLost } from './suites/nothing-lost.ts';
import { describeFindings, measureLayout } from './suites/layout/layout.ts';
import { PORTAL_START_MS, SCHEMES, startRunPortal, type RunPortal } from './drivers/portal.ts';
import { WebKitEngine } from './drivers/webkit.ts';

function chosenEngines(): EngineName[] {
  const arg = process.argv.find((a) => a.startsWith('--engine='))?.slice('--engine='.length);
  const raw = arg ?? process.env['ENGINE'] ?? ENGINES.join(',');
  const names = raw.split(',').map((n) => n.trim()).filter(Boolean);
  for (const n of names) if (!ENGINES.includes(n as EngineName)) throw new Error(`unknown engine "${n}" (choose from ${ENGINES.join(', ')})`);
  return names as EngineName[];
}

const SUITES = ['journeys', 'layout', 'keyboard', 'nothing-lost'] as const;
type Suite = (typeof SUITES)[number];

function chosenSuites(): Set<Suite> {
  const arg = process.argv.find((a) => a.startsWith('--suite='))?.slice('--suite='.length);
  const names = (arg ?? process.env['SUITE'] ?? SUITES.join(',')).split(',').map((n) => n.trim()).filter(Boolean);
  for (const n of names) if (!SUITES.includes(n as Suite)) throw new Error(`unknown suite "${n}" (choose from ${SUITES.join(', ')})`);
  return new Set(names as Suite[]);
}

function newEngine(name: EngineName): Engine {
  if (name === 'chromium') return new ChromiumEngine();
  return name === 'firefox' ? new FirefoxEngine() : new WebKitEngine();
}

/**
 * A test's body, run so that a wait in it that times out also says what the engine's open pages
 * still wait for (Firefox: requests not finished, the service worker) and the portal's last
 * log lines (decision 0147).
 */
function explained(engine: () => Engine, portal: () => RunPortal | undefined, body: () => Promise<void>): () => Promise<void> {
  return () =>
    explainedBy(async () => {
      const p = portal();
      return [...((await engine().diagnose?.()) ?? []), ...(p ? [`portal ${p.origin}, last log lines:`, ...p.recentLog(10).map((l) => `  ${l}`)] : [])];
    }, body);
}

const engines = chosenEngines();
const suites = chosenSuites();
/** The layout check over every page: long on a loaded 2-core machine. */
const LAYOUT = { timeout: 1_200_000 };
/** A portal's start, with room for the browser's first session. */
const STARTING = { timeout: PORTAL_START_MS + 30_000 };
/** Long journeys on a loaded 2-core machine. */
const JOURNEY = { timeout: 180_000 };

describe('engines', { concurrency: Number(process.env['ENGINES_PARALLEL'] ?? engines.length) }, () => {
  for (const name of engines) {
    // One journey at a time within an engine (they share the member's session); concurrency is inherited otherwise.
    describe(name, { concurrency: 1 }, () => {
      let engine: Engine;
      before(() => {
        engine = newEngine(name);
      });
      after(() => engine.close());

      if (suites.has('layout') || suites.has('keyboard')) {
        describe('layout and keyboard', () => {
          let portal: RunPortal;
          before(async () => {
            portal = await startRunPortal('http');
          }, STARTING);
          after(() => portal.stop());
          if (suites.has('layout')) {
            for (const member of [false, true]) {
              test(`layout check, ${member ? 'signed in' : 'visitor'}: every page and state at 280–360 px in four display modes (${name === 'chromium' || process.env['LAYOUT_ALL'] === '1' ? 'all' : 'a share'})`, LAYOUT, (t) => explained(() => engine, () => portal, async () => {
                const findings = await measureLayout({ engine, origin: portal.origin }, member, (line) => {
                  if (process.env['LAYOUT_LOG']) t.diagnostic(line);
                });
                const report = process.env['LAYOUT_REPORT'];
                if (report) writeFileSync(`${report}-${name}-${member ? 'member' : 'visitor'}.json`, JSON.stringify(findings, null, 1));
                assert.equal(findings.length, 0, `${findings.length} layout findings in ${name}:\n${describeFindings(findings)}`);
              })());
            }
          }
          if (suites.has('keyboard')) {
            test('keyboard only: sign in, 나의 활동, a diary with the book picker, read back, the menu, 화면 설정, sign out', JOURNEY, explained(() => engine, () => portal, () => keyboardJourney(engine, portal.origin)));
          }
        });
      }

      // Nothing lost (decision 0147), in Firefox: Chromium runs it in the Playwright suite.
      if (name === 'firefox' && suites.has('nothing-lost')) {
        describe('nothing lost', () => {
          let journeys: NothingLost;
          before(async () => {
            assert.ok(engine instanceof FirefoxEngine);
            journeys = new NothingLost(engine);
            journeys.use(await startRunPortal('http'));
          }, STARTING);
          after(() => journeys.portal.stop());
          for (const [title, journey] of NOTHING_LOST) {
            test(title, JOURNEY, explained(() => engine, () => journeys.portal, () => journey(journeys)));
          }
        });
      }

      // The journeys of decision 0016: Chromium runs them in the Playwright suite.
      if (name !== 'chromium' && suites.has('journeys')) for (const scheme of SCHEMES) {
        for (const viewport of [PHONE, DESKTOP]) {
          describe(`${scheme} at ${viewport.width} px`, () => {
            let run: Run;
            before(async () => {
              run = new Run(engine, viewport, `${name} ${scheme} ${viewport.width}`);
              const portal = await startRunPortal(scheme);
              assert.ok(portal.url.startsWith(`${scheme}:`), `the portal answers over ${scheme} (${portal.url})`);
              run.use(portal);
            }, STARTING);
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
              test(title, JOURNEY, explained(() => engine, () => run.portal, () => journey(run)));
            }
          });
        }
      }
    });
  }
});
