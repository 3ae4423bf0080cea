/**
 * Open redirects (docs/decisions/D3-sign-in-session-and-tokens.md, 0010), part 1: the in-app continue target and the logout
 * target (logout_url from the homepage API), driven through the real routes with 10,000
 * generated hostile values each — dot segments, encoded dots and slashes, backslashes,
 * controls, Unicode slashes, userinfo, IDN: 0 escapes. Part 2: redirects-login.test.ts.
 */
import t from 'tap';
import { EVIL } from '#test/fixtures/hostile-urls.ts';
import { ALLOWED, assertNoEscapes, HOME, ISSUE_EXAMPLES, RUNS, startRedirectPortal } from '#test/fixtures/redirect-sinks.ts';

// 30,000 requests: give the file room on a busy machine (tap's default is 30 s).
t.setTimeout(180_000);
const portal = await startRedirectPortal();
t.teardown(() => portal.close());

t.test('the issue\'s examples go home', async (t) => {
  for (const value of ISSUE_EXAMPLES) {
    t.equal(await portal.inapp(value), HOME, `in-app continue ${value}`);
    t.equal(await portal.logoutLink(value), HOME, `logout link ${value}`);
    t.equal(await portal.logoutAnswer(value), HOME, `logout answer ${value}`);
  }
  t.equal(await portal.inapp('/activity/activity?x=1#y'), '/activity/activity?x=1#y', 'a plain path is kept');
  t.equal(await portal.logoutLink(`https://${ALLOWED}/logout`), `https://${ALLOWED}/logout`, 'an allowlisted host is followed');
  t.equal(await portal.logoutLink(`https://${ALLOWED}@${EVIL}/`), HOME, 'userinfo naming the allowed host is refused');
});

t.test('in-app continue: 0 escapes', (t) => assertNoEscapes(t, RUNS, [], portal.inapp));
t.test('logout link (logout_url from the API): 0 escapes', (t) => assertNoEscapes(t, RUNS, [ALLOWED], portal.logoutLink));
t.test('logout answer (logout_url for the browser): 0 escapes', (t) => assertNoEscapes(t, RUNS, [ALLOWED], portal.logoutAnswer));
