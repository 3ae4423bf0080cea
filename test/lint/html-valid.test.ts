/**
 * Valid HTML, kept valid (decision 0144): the server HTML of every page state of
 * test/fixtures/page-states.ts — every page of the page table, each tab, the query states — as a
 * visitor and signed in as reader01, checked by the Nu Html Checker (vnu-jar's vnu.jar, run by
 * Debian's `java`; JAVA names another) in one run for all pages, as Java starts slowly. Every
 * error fails, listed with its page and place; warnings are printed, and fail only when asked
 * (HTML_WARNINGS=fail).
 */
import t, { type Test as Tap } from 'tap';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { pages, type PageDef } from '#shared/routes.ts';
import { buildTestPortal, Jar, PORTAL_CALL, startReferenceApi } from '#test/fixtures/portal.ts';
import { pageAt, queryStates, urlOf, WITH_TABS } from '#test/fixtures/page-states.ts';
import { READER01, loginOf } from '#test/fixtures/members.ts';

/** The jar the vnu-jar package carries (its own script is not used: it would fetch a Java). */
const VNU = fileURLToPath(new URL('build/dist/vnu.jar', import.meta.resolve('vnu-jar/package.json')));
const JAVA = process.env['JAVA'] ?? 'java';

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

const api = await startReferenceApi();
const portal = await buildTestPortal(api.url, { TEST_LOGIN: 'Y', LOGIN_RATE_PER_MINUTE: '1000' });
const dir = mkdtempSync(join(tmpdir(), 'html-valid-'));
t.teardown(async () => {
  await portal.close();
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signIn(t: Tap): Promise<Jar> {
  const res = await portal.app.inject({ method: 'POST', url: '/api/login/login', headers: PORTAL_CALL, payload: { ...loginOf(READER01), keep: false } });
  t.equal(res.statusCode, 200, 'reader01 signs in');
  return new Jar().take(res);
}

/** The tab links of a page's HTML (`.tabs` links: tabs.tsx), as addresses. */
function tabsOf(html: string, at: string): string[] {
  return [...html.matchAll(/<a class="tabs__link[^"]*" href="([^"]+)"/g)].map((m) => {
    const u = new URL((m[1] ?? '').replace(/&amp;/g, '&'), new URL(at, 'http://portal'));
    return u.pathname + u.search;
  });
}

/**
 * Every state's HTML for one kind of reader, written to a file each: `who` and the address name
 * the file, so a message names its page. A state that sends the reader elsewhere (로그인 when
 * signed in, 약관 동의 once agreed) is not a page of theirs.
 */
async function render(t: Tap, who: 'visitor' | 'member', jar: Jar | null): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const queue = [...(pages as readonly PageDef[]).map(urlOf), ...queryStates(who === 'member')];
  const seen = new Set<string>();
  while (queue.length) {
    const url = queue.shift();
    if (!url || seen.has(url)) continue;
    seen.add(url);
    const res = await portal.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(jar ? { cookie: jar.header() } : {}) } });
    if (res.statusCode >= 300 && res.statusCode < 400) continue;
    if (res.statusCode !== 200) t.fail(`${who} ${url} answers ${res.statusCode}`);
    const page = pageAt(url);
    if (page && WITH_TABS.has(page.id)) queue.unshift(...tabsOf(res.body, url).filter((u) => !seen.has(u)));
    const file = join(dir, `${who}${url.replace(/[^A-Za-z0-9]+/g, '_')}.html`);
    writeFileSync(file, res.body);
    files.set(file, `${who} ${url}`);
  }
  return files;
}

t.test('every page, visitor and member, is valid HTML (the Nu Html Checker)', async (t) => {
  const visitor = await render(t, 'visitor', null);
  const member = await render(t, 'member', await signIn(t));
  const files = new Map([...visitor, ...member]);
  t.ok(visitor.size >= 25 && member.size >= 35, `${visitor.size} visitor and ${member.size} member pages rendered`);
  const { stdout } = await promisify(execFile)(JAVA, ['-jar', VNU, '--format', 'json', '--stdout', '--exit-zero-always', ...files.keys()], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((err: unknown) => {
    throw new Error(`the Nu Html Checker did not run (${JAVA} -jar ${VNU}; Debian: apt-get install default-jre-headless): ${String(err)}`);
  });
  const messages = (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
  const pageOf = (m: VnuMessage) => (m.url?.startsWith('file:') ? files.get(fileURLToPath(m.url)) : undefined) ?? m.url ?? '?';
  const line = (m: VnuMessage) => `${pageOf(m)}:${m.lastLine ?? '?'}:${m.firstColumn ?? '?'} ${m.message}${m.extract ? ` — ${m.extract.replace(/\s+/g, ' ').trim().slice(0, 120)}` : ''}`;
  const errors = messages.filter((m) => m.type !== 'info');
  const warnings = messages.filter((m) => m.type === 'info' && m.subType === 'warning');
  if (warnings.length) t.comment(`${warnings.length} warnings:\n${warnings.map(line).join('\n')}`);
  for (const m of errors) t.fail(line(m));
  t.equal(errors.length, 0, `${errors.length} errors in ${files.size} pages`);
  if (process.env['HTML_WARNINGS'] === 'fail') t.equal(warnings.length, 0, 'no warnings');
});
