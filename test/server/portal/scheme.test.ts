/**
 * Security follows the real scheme of each request (decision 0017): over HTTPS (the portal's
 * own TLS, or a trusted proxy's X-Forwarded-Proto) `__Host-` Secure cookies, HSTS and
 * `upgrade-insecure-requests`; over plain HTTP none of the three. COOKIE_SECURE forces a side.
 * Real listeners on loopback, a self-signed certificate made here.
 */
import t, { type Test } from 'tap';
import { Agent, request } from 'undici';
import { PORTAL_HEADER } from '#shared/http.ts';
import { HOME_PATH } from '#shared/routes.ts';
import { plainHttpWarning } from '#server/portal/scheme.ts';
import { buildTestPortal, startReferenceApi, type TestPortal } from '#test/fixtures/portal.ts';
import { selfSignedCertificate } from '#test/fixtures/tls.ts';
import { READER01, loginOf } from '#test/fixtures/members.ts';

const api = await startReferenceApi();
const cert = await selfSignedCertificate();
const trusting = new Agent({ connect: { ca: cert.cert } });
t.teardown(async () => {
  await trusting.close();
  await api.close();
});

async function listening(env: Record<string, string>): Promise<{ portal: TestPortal; url: string }> {
  const portal = await buildTestPortal(api.url, { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), LOGIN_RATE_PER_MINUTE: '1000', ...env });
  const url = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  t.teardown(() => portal.close());
  return { portal, url };
}

interface Seen {
  hsts: boolean;
  upgrade: boolean;
  /** Set-Cookie lines of a sign-in. */
  cookies: string[];
}

async function look(t: Test, url: string, headers: Record<string, string> = {}): Promise<Seen> {
  const page = await request(`${url}${HOME_PATH}`, { headers: { accept: 'text/html', ...headers }, dispatcher: trusting });
  await page.body.dump();
  t.equal(page.statusCode, 200, 'the home page');
  const csp = String(page.headers['content-security-policy'] ?? '');
  t.match(csp, /script-src 'self' 'nonce-/, 'the page policy');
  const login = await request(`${url}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [PORTAL_HEADER]: '1', ...headers },
    body: JSON.stringify({ ...loginOf(READER01), keep: true }),
    dispatcher: trusting,
  });
  await login.body.dump();
  t.equal(login.statusCode, 200, 'signed in');
  const setCookie = login.headers['set-cookie'];
  return {
    hsts: page.headers['strict-transport-security'] !== undefined,
    upgrade: csp.includes('upgrade-insecure-requests'),
    cookies: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
  };
}

function httpsSide(t: Test, seen: Seen) {
  t.ok(seen.hsts, 'HSTS');
  t.ok(seen.upgrade, 'upgrade-insecure-requests');
  for (const name of ['__Host-portal_at', '__Host-portal_rt', '__Host-portal_session']) {
    const line = seen.cookies.find((c) => c.startsWith(`${name}=`));
    t.ok(line, `${name} set`);
    t.match(line, /; Secure/, `${name} Secure`);
  }
  t.match(seen.cookies.find((c) => c.startsWith('autoLogin=')), /; Secure/, 'autoLogin Secure');
  t.notOk(seen.cookies.some((c) => c.startsWith('portal_')), 'no plain-named cookie');
}

function httpSide(t: Test, seen: Seen) {
  t.notOk(seen.hsts, 'no HSTS');
  t.notOk(seen.upgrade, 'no upgrade-insecure-requests');
  for (const name of ['portal_at', 'portal_rt', 'portal_session', 'autoLogin']) {
    const line = seen.cookies.find((c) => c.startsWith(`${name}=`));
    t.ok(line, `${name} set`);
    t.notMatch(line, /Secure/, `${name} not Secure`);
  }
  t.notOk(seen.cookies.some((c) => c.startsWith('__Host-')), 'no __Host- cookie');
}

t.test('direct plain HTTP on loopback: plain cookies, no HSTS, no upgrade', async (t) => {
  const { url } = await listening({});
  t.match(url, /^http:\/\//);
  httpSide(t, await look(t, url));
});

t.test('direct HTTPS (TLS_CERT_FILE / TLS_KEY_FILE): __Host- Secure cookies, HSTS, upgrade', async (t) => {
  const { url } = await listening({ TLS_CERT_FILE: cert.certFile, TLS_KEY_FILE: cert.keyFile });
  t.match(url, /^https:\/\//);
  const seen = await look(t, url);
  httpsSide(t, seen);
  // The cookies carry the member to a page over the same scheme.
  const jar = seen.cookies.map((c) => c.split(';')[0]).join('; ');
  const mypage = await request(`${url}/mypage/mypage`, { headers: { accept: 'text/html', cookie: jar }, dispatcher: trusting });
  t.equal(mypage.statusCode, 200);
  t.match(await mypage.body.text(), '김서연', 'signed in over HTTPS');
});

t.test('plain HTTP behind a trusted proxy that says https: the HTTPS side', async (t) => {
  const { url } = await listening({ TRUST_PROXY: 'loopback' });
  httpsSide(t, await look(t, url, { 'x-forwarded-proto': 'https' }));
});

t.test('an untrusted sender saying https is not believed: the plain side', async (t) => {
  const { url } = await listening({});
  httpSide(t, await look(t, url, { 'x-forwarded-proto': 'https' }));
});

t.test('COOKIE_SECURE forces either side', async (t) => {
  const forcedHttps = await listening({ COOKIE_SECURE: 'Y' });
  httpsSide(t, await look(t, forcedHttps.url));
  const forcedHttp = await listening({ COOKIE_SECURE: 'N', TLS_CERT_FILE: cert.certFile, TLS_KEY_FILE: cert.keyFile });
  httpSide(t, await look(t, forcedHttp.url));
});

t.test('one warning when the portal listens beyond loopback over plain HTTP', async (t) => {
  const base = { tls: false, trustProxy: false, scheme: 'auto' } as const;
  t.match(plainHttpWarning({ ...base, host: '0.0.0.0' }), /plain HTTP with no trusted proxy \(TRUST_PROXY\) and no TLS_CERT_FILE/);
  t.match(plainHttpWarning({ ...base, host: '192.168.0.10' }), /^listening on 192\.168\.0\.10/);
  for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', 'app.localhost']) t.equal(plainHttpWarning({ ...base, host }), undefined, host);
  t.equal(plainHttpWarning({ ...base, host: '0.0.0.0', tls: true }), undefined, 'own TLS');
  t.equal(plainHttpWarning({ ...base, host: '0.0.0.0', trustProxy: 1 }), undefined, 'a trusted proxy');
  t.equal(plainHttpWarning({ ...base, host: '0.0.0.0', scheme: 'https' }), undefined, 'forced by COOKIE_SECURE');
});
