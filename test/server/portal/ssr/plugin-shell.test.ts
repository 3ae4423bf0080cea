/**
 * The member home streams with its member part in the shell (no layout shift).
 * Two things once put the part's 6-line skeleton in the shell and the part itself at the end
 * of the page, to be swapped in by a script that pushed everything below it down (Lighthouse
 * saw CLS 0.58): React's `lazy`, which suspends on its first render after a start even when
 * the loader has already loaded the module, and React moving finished boundaries over
 * 12.8 KB out of place. This file renders the member home first in its process, on purpose.
 */
import t from 'tap';
import { JS_COOKIE } from '#shared/ssr.ts';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi } from '#test/fixtures/portal.ts';
import { READER01, loginOf } from '#test/fixtures/members.ts';

const api = await startReferenceApi();
const portal = await buildTestPortal(api.url, { LOGIN_RATE_PER_MINUTE: '1000' });
t.teardown(async () => {
  await portal.close();
  await api.close();
});

const login = await portal.app.inject({
  method: 'POST',
  url: '/api/login/login',
  headers: PORTAL_CALL,
  payload: { ...loginOf(READER01), keep: false },
});
t.equal(login.statusCode, 200, 'reader01 signs in');
const jar = new Jar().take(login);

/** The page's <main>, as a browser that runs the portal's script (streaming) or one that does not gets it. */
async function mainOf(streaming: boolean): Promise<string> {
  const cookie = `${jar.header()}${streaming ? `; ${JS_COOKIE}=1` : ''}`;
  const res = await portal.app.inject({ method: 'GET', url: '/main/homemain', headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Chrome/140', cookie } });
  t.equal(res.statusCode, 200);
  return res.body.slice(res.body.indexOf('<main'));
}

/** Where a fallback left in the shell would be: the first hole React fills later (`<template id="B:…">`). */
const firstHole = (main: string) => {
  const at = main.indexOf('<template id="B:');
  return at < 0 ? Infinity : at;
};

t.test('the first member home after a start has its member part in the shell, and so do the next', async (t) => {
  for (const round of ['first', 'second']) {
    const main = await mainOf(true);
    const part = main.indexOf('class="member-home"');
    t.ok(part > 0, `${round}: the member part is in the page`);
    t.ok(part < firstHole(main), `${round}: the member part comes before any streamed hole`);
    t.notOk(main.slice(0, part).includes('aria-busy="true"'), `${round}: no skeleton stands in its place`);
  }
});

t.test('without JavaScript the whole page comes in order, with no hole for a script to fill', async (t) => {
  const main = await mainOf(false);
  t.ok(main.includes('class="member-home"'));
  t.equal(firstHole(main), Infinity);
  t.notOk(main.includes('aria-busy="true"'), 'every deferred part is settled in place');
});
