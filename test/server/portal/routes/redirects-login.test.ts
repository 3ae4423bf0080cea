/**
 * Open redirects (docs/decisions/D3-sign-in-session-and-tokens.md, 0010), part 2: the sign-in targets. A signed-in member's
 * `returnTo` on the login screen, the code 60/2 login URL (the browser's redirectUrl) and
 * the agree/login `returnTo` check, each with 10,000 generated hostile values: 0 escapes,
 * and never back to the login screen. The server-rendered login link costs a whole page
 * render, so it gets 500 runs through the page and 10,000 through loginHref, which renders it.
 */
import t from 'tap';
import { loginHref } from '#client/session/login-redirect.ts';
import { safeReturnPath } from '#shared/safe-redirect.ts';
import { ALLOWED, assertNoEscapes, HOME, ISSUE_EXAMPLES, notALoginScreen, RUNS, startRedirectPortal } from '#test/fixtures/redirect-sinks.ts';

const SSR_RUNS = 500;
t.setTimeout(180_000);
const portal = await startRedirectPortal();
t.teardown(() => portal.close());

t.test('the issue\'s examples go to safe pages', async (t) => {
  for (const value of ISSUE_EXAMPLES) {
    t.equal(await portal.loginReturnTo(value), HOME, `login returnTo ${value}`);
    t.equal(await portal.memberBarLogin(value), '/login/login?returnTo=%2Fupcoming%2Fupcoming%3Ffrom%3Dx', `code 60/2 ${value}`);
  }
  t.equal(await portal.loginReturnTo('/mypage/mypage?search_type=buy'), '/mypage/mypage?search_type=buy', 'a signed-in member goes where returnTo says');
  t.equal(await portal.loginReturnTo('/login/login?returnTo=%2Fx'), HOME, 'a returnTo pointing at the login screen goes home');
  t.equal(await portal.memberBarLogin(`https://${ALLOWED}/login`), `https://${ALLOWED}/login`, 'an allowlisted login page is linked');
});

t.test('login returnTo of a signed-in member: 0 escapes, never the login screen again', (t) =>
  assertNoEscapes(t, RUNS, [], portal.loginReturnTo, notALoginScreen),
);
t.test('code 60/2 login URL (the browser\'s redirectUrl) through loginHref: 0 escapes', (t) =>
  assertNoEscapes(t, RUNS, [ALLOWED], (value) => loginHref(value, '/activity/activity', [ALLOWED])),
);
t.test('code 60/2 login URL in the server-rendered member bar: 0 escapes', (t) => assertNoEscapes(t, SSR_RUNS, [ALLOWED], portal.memberBarLogin));
t.test('agree/login returnTo (safeReturnPath): 0 escapes, never the login screen again', (t) =>
  assertNoEscapes(t, RUNS, [], (value) => safeReturnPath(value) ?? HOME, notALoginScreen),
);
