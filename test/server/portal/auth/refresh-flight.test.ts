/**
 * One refresh per session at a time, page render and gateway together (decision 0007): a page's
 * loaders that each get a 403 refresh once — a loader whose 403 comes back after another
 * loader already refreshed retries with the newer token instead of spending the new refresh
 * token — so a gateway call of the same browser that shared the first refresh hands back the
 * same, live pair. Before, the page spent a second token, and a browser that kept the gateway's
 * answer (stored last) held a spent token and was signed out at its next refresh.
 *
 * Each trial holds one of my page's loaders at the API until the page's own refresh is done,
 * so its 403 always comes back late: the race of the attack round (two refreshes 53 ms apart,
 * 1 sign-out in 8 trials), made to happen every time.
 */
import t from 'tap';
import { SHARE_MS } from '#server/portal/auth/refresh-flight.ts';
import { waitFor } from '#test/fixtures/wait.ts';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi } from '#test/fixtures/portal.ts';
import { MEMBER_PASSWORD as PASSWORD } from '#test/fixtures/members.ts';

const TRIALS = 50;
let now = Date.now();
let portalAhead = 0;
/** The page request of the current trial: its one held loader waits for that page's refresh. */
let heldFor: string | undefined;
/** The portal requests whose refresh reached the API in the current trial. */
const refreshes: string[] = [];

const api = await startReferenceApi({ clock: () => now, accessTtlS: 60 }, (app) => {
  app.addHook('onRequest', async (req) => {
    if (req.url === '/api/v1/homepage/auth/refresh') refreshes.push(String(req.headers['x-request-id']));
    if (heldFor && req.url === '/api/v1/homepage/user/point' && req.headers['x-request-id'] === heldFor) {
      const page = heldFor;
      heldFor = undefined;
      await refreshedBy(page);
    }
  });
});
const portal = await buildTestPortal(api.url, { LOGIN_RATE_PER_MINUTE: '1000' }, { now: () => Date.now() + portalAhead });
t.teardown(async () => {
  await portal.close();
  await api.close();
});

/** Resolves once the page request `reqId` has renewed the session with a refreshed pair (its log line). */
function refreshedBy(reqId: string): Promise<void> {
  const done = () => portal.logs.lines.some((l) => l['reqId'] === reqId && (l['auth'] as { event?: string } | undefined)?.event === 'refresh');
  return waitFor(`${reqId} refreshed`, done, 20_000, 2);
}

t.test(`a page render and gateway calls of one browser at once, ${TRIALS} trials: 0 sign-outs, one refresh each`, async (t) => {
  const signIn = await portal.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: { user_id: 'reader01', user_pass: PASSWORD } });
  const jar = new Jar().take(signIn);
  let signedOut = 0;
  let upstreamRefreshes = 0;
  for (let trial = 1; trial <= TRIALS; trial += 1) {
    // The access token expires at the API while its cookie is still in the browser.
    now += 61_000;
    const page = `page-${trial}`;
    heldFor = page;
    refreshes.length = 0;
    const [rendered, ...gateway] = await Promise.all([
      portal.app.inject({ method: 'GET', url: '/mypage/mypage', headers: { accept: 'text/html', cookie: jar.header(), 'x-request-id': page } }),
      portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/info', headers: { cookie: jar.header(), 'x-request-id': `info-${trial}` } }),
      portal.app.inject({ method: 'GET', url: '/api/v1/homepage/user/point', headers: { cookie: jar.header(), 'x-request-id': `point-${trial}` } }),
    ]);
    t.equal(rendered.statusCode, 200, `trial ${trial}: the page`);
    t.match(rendered.body, /김서연님, 반갑습니다\./, `trial ${trial}: rendered for the member`);
    for (const g of gateway) t.equal(g.statusCode, 200, `trial ${trial}: the gateway call`);
    upstreamRefreshes += refreshes.length;
    // The browser stores the page's cookies, then the gateway's (the answer stored last).
    jar.take(rendered);
    for (const g of gateway) jar.take(g);
    // Later, past the portal's sharing window and the API's grace, the browser refreshes.
    portalAhead += SHARE_MS + 1;
    now += 3_000;
    jar.delete('portal_at');
    const later = await portal.app.inject({ method: 'POST', url: '/api/token/refresh/auto', headers: { ...PORTAL_CALL, cookie: jar.header() } });
    if (later.statusCode !== 200) signedOut += 1;
    jar.take(later);
    if (!jar.get('portal_rt')) jar.take(await portal.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: { user_id: 'reader01', user_pass: PASSWORD } }));
  }
  t.equal(signedOut, 0, `signed out in ${signedOut} of ${TRIALS} trials`);
  t.equal(upstreamRefreshes, TRIALS, `one refresh reached the API a trial, page and gateway together (${upstreamRefreshes} in ${TRIALS})`);
});
