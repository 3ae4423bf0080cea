/**
 * A path renders through the whole route table once; after that its matched branch's own
 * static handler answers it (client/entry-server.tsx, decision 0157). The page must not change.
 * A process's very first render of a page differs anyway (its lazy modules load during it, so
 * React leaves their fallbacks in the shell): every path is rendered once to warm them, then
 * rendered again and compared. A notice not yet seen (its path new, its modules warm) renders
 * through the whole table and is compared with its later, branch-handled renders.
 */
import t from 'tap';
import { JS_COOKIE } from '#shared/ssr.ts';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi } from '#test/fixtures/portal.ts';
import { READER01, loginOf } from '#test/fixtures/members.ts';

const api = await startReferenceApi();
// The shell waits for the page's data long enough that a busy machine never streams part of
// it late: each answer is then the same whenever the data arrives (decision 0126).
const portal = await buildTestPortal(api.url, { LOGIN_RATE_PER_MINUTE: '1000', PAGE_CACHE_TTL_S: '0', SHELL_DATA_WAIT_MS: '1000' });
t.teardown(async () => {
  await portal.close();
  await api.close();
});

const login = await portal.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: { ...loginOf(READER01), keep: false } });
t.equal(login.statusCode, 200, 'reader01 signs in');
const member = new Jar().take(login).header();

/** The answer without its nonces and request id: what may differ from one render to the next. */
async function answer(url: string, cookie: string): Promise<string> {
  const res = await portal.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Chrome/140', cookie } });
  const nonce = /nonce-([A-Za-z0-9+/=]+)/.exec(String(res.headers['content-security-policy'] ?? ''))?.[1];
  const body = nonce ? res.body.split(nonce).join('NONCE') : res.body;
  return `${res.statusCode} ${String(res.headers.location ?? '')}\n${body}`;
}

const PATHS = [
  '/main/homemain',
  '/board/notice/homenotice',
  '/board/notice/homenotice?page=2',
  '/board/notice/detail/1',
  '/board/notice/detail/999999',
  '/mypage/mypage',
  '/activity/activity',
  '/somewhere/login',
  '/no/such/page',
  '/',
];

const WHO = [
  ['a visitor', `${JS_COOKIE}=1`],
  ['a member', `${member}; ${JS_COOKIE}=1`],
  ['a browser without the script cookie', member],
] as const;
t.test('every path rendered once (the lazy modules load)', async (t) => {
  for (const [, cookie] of WHO) for (const path of PATHS) t.match(await answer(path, cookie), /^[23]0[0-9] /, path);
});

for (const [who, cookie] of WHO) {
  t.test(`${who}: each path answers the same each time`, async (t) => {
    for (const path of PATHS) {
      const first = await answer(path, cookie);
      t.equal(await answer(path, cookie), first, `${path}, again`);
      t.equal(await answer(path, cookie), first, `${path}, once more`);
    }
  });
}

t.test('a path rendered through the whole table answers as its branch handler does after', async (t) => {
  const [, cookie] = WHO[0];
  const whole = await answer('/board/notice/detail/2', cookie);
  t.match(whole, /^200 /);
  t.equal(await answer('/board/notice/detail/2', cookie), whole, 'the branch handler');
  t.equal(await answer('/board/notice/detail/2', cookie), whole, 'and again');
});
