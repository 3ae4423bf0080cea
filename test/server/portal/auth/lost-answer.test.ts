/**
 * A session survives a lost answer (issue 38, part 3; decision 0142), on one portal that holds
 * refreshed pairs in its memory: the scenario of test/fixtures/lost-answer.ts against the
 * reference API with 5 s access tokens.
 */
import t from 'tap';
import { SHARE_MS } from '#server/portal/auth/refresh-flight.ts';
import { lostAnswerScenario } from '#test/fixtures/lost-answer.ts';
import { buildTestPortal, startReferenceApi } from '#test/fixtures/portal.ts';

const HOLD_S = 900;
let now = Date.now();
let portalAhead = 0;
const arrivals = { refresh: 0, diary: 0 };
const api = await startReferenceApi({ clock: () => now, accessTtlS: 5 }, (app) => {
  app.addHook('onRequest', async (req) => {
    if (req.url === '/api/v1/homepage/auth/refresh') arrivals.refresh += 1;
    if (req.url === '/api/v1/homepage/activity/bookdiary') arrivals.diary += 1;
  });
});
const portal = await buildTestPortal(api.url, { LOGIN_RATE_PER_MINUTE: '1000', REFRESH_HOLD_S: String(HOLD_S) }, { now: () => Date.now() + portalAhead });
t.teardown(async () => {
  await portal.close();
  await api.close();
});

await lostAnswerScenario(t, {
  api,
  a: portal,
  b: portal,
  advance: (ms) => {
    now += ms;
    portalAhead += ms;
  },
  pastSharing: () => {
    portalAhead += SHARE_MS + 1;
    return Promise.resolve();
  },
  arrivals,
  holdS: HOLD_S,
});
