/**
 * Open redirects (decisions D3): whatever target a hostile party manages to supply —
 * the homepage API's logout_url, or the in-app guide's continue target — the portal
 * only ever redirects to a same-origin path or an allowlisted host (fast-check).
 */
import t from 'tap';
import fc from 'fast-check';
import { startFakeUpstream } from '#test/fixtures/fake-upstream.ts';
import { buildTestPortal, Jar } from '#test/fixtures/portal.ts';

const ALLOWED = 'sso.library.example';
let logoutUrl = '/main/homemain';
const upstream = await startFakeUpstream((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  if (req.url === '/api/v1/homepage/common/token/logout') res.end(JSON.stringify({ result: 'success', logout_url: logoutUrl }));
  else res.end(JSON.stringify({ result: 'success' }));
});
const portal = await buildTestPortal(upstream.url, { REDIRECT_ALLOWED_HOSTS: ALLOWED });
t.teardown(async () => {
  await portal.close();
  await upstream.close();
});

const hostile = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string({ maxLength: 40 }),
  fc
    .array(
      fc.constantFrom('//', '/\\', '\\', 'https:', 'http:', 'javascript:', 'data:', '%2f', '%5c', '@', 'evil.example', ALLOWED, '.', '..', '\t', '\n', ' ', '?', '#', ':', '/'),
      { maxLength: 8 },
    )
    .map((parts) => parts.join('')),
);

function assertSafe(location: string | undefined): void {
  if (location === undefined) throw new Error('no Location');
  const target = new URL(location, 'http://localhost');
  if (target.host !== 'localhost' && target.host !== ALLOWED) throw new Error(`unsafe redirect to ${location}`);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`unsafe scheme in ${location}`);
}

t.test('logout never follows a hostile logout_url off the site', async (t) => {
  await fc.assert(
    fc.asyncProperty(hostile, async (value) => {
      logoutUrl = value;
      const jar = new Jar();
      jar.set('portal_at', 'a');
      const res = await portal.app.inject({ method: 'GET', url: '/api/login/logout', headers: { accept: 'text/html', cookie: jar.header() } });
      if (res.statusCode !== 303) throw new Error(`status ${res.statusCode}`);
      assertSafe(res.headers.location as string | undefined);
    }),
    { numRuns: 300 },
  );
  logoutUrl = `https://${ALLOWED}/logout`;
  const jar = new Jar();
  jar.set('portal_at', 'a');
  const ok = await portal.app.inject({ method: 'GET', url: '/api/login/logout', headers: { accept: 'text/html', cookie: jar.header() } });
  t.equal(ok.headers.location, `https://${ALLOWED}/logout`, 'an allowlisted host is followed');
});

t.test('the in-app continue target never leaves the site', async () => {
  await fc.assert(
    fc.asyncProperty(hostile, async (value) => {
      const res = await portal.app.inject({ method: 'GET', url: `/inapp/inapp?continue=1&url=${encodeURIComponent(value)}` });
      if (res.statusCode !== 302) throw new Error(`status ${res.statusCode}`);
      const location = res.headers.location as string | undefined;
      assertSafe(location);
      if (new URL(location ?? '', 'http://localhost').host !== 'localhost') throw new Error(`left the site: ${location}`);
    }),
    { numRuns: 300 },
  );
});
