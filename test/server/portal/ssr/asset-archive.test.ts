/**
 * The previous builds' files kept for open tabs (decision 0145): a build's hashed files go into
 * the archive at start, a build not started for ASSET_ARCHIVE_DAYS is forgotten with the files
 * only it had, and the portal answers a file its build lacks from the archive.
 */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import t from 'tap';
import { BUILD_HEADER } from '#shared/http.ts';
import { archiveBuild } from '#server/portal/ssr/asset-archive.ts';
import { buildTestPortal, startReferenceApi } from '#test/fixtures/portal.ts';

const DAY = 24 * 60 * 60 * 1000;

function fakeBuild(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'build-assets-'));
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return dir;
}

t.test('builds are kept for their days after their last start, with the files only they had', async (t) => {
  const archive = join(mkdtempSync(join(tmpdir(), 'archive-')), 'assets');
  const a = fakeBuild({ 'index-AAAAAAAA.js': 'a', 'menu-AAAAAAAA.js': 'menu a', 'font-FFFFFFFF.woff2': 'font', 'notes.txt': 'not hashed' });
  const b = fakeBuild({ 'index-BBBBBBBB.js': 'b', 'menu-BBBBBBBB.js': 'menu b', 'font-FFFFFFFF.woff2': 'font' });
  const t0 = Date.UTC(2026, 10, 1);

  const first = await archiveBuild(a, archive, 'index-AAAAAAAA.js', 7, t0);
  t.same(first, { added: 3, builds: 0, forgotten: 0, removed: 0 }, 'the hashed files only');
  const second = await archiveBuild(b, archive, 'index-BBBBBBBB.js', 7, t0 + DAY);
  t.same(second, { added: 2, builds: 1, forgotten: 0, removed: 0 }, 'the font was there already');
  t.same(readdirSync(archive).filter((f) => f !== 'builds').sort(), ['font-FFFFFFFF.woff2', 'index-AAAAAAAA.js', 'index-BBBBBBBB.js', 'menu-AAAAAAAA.js', 'menu-BBBBBBBB.js']);

  // B starts again eight days after A last did: A is forgotten, the font B shares stays.
  const later = await archiveBuild(b, archive, 'index-BBBBBBBB.js', 7, t0 + 8 * DAY + 1);
  t.same(later, { added: 0, builds: 0, forgotten: 1, removed: 2 });
  t.same(readdirSync(archive).filter((f) => f !== 'builds').sort(), ['font-FFFFFFFF.woff2', 'index-BBBBBBBB.js', 'menu-BBBBBBBB.js']);
});

t.test('the portal answers a previous build\'s file from the archive, and names its own build', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-data-'));
  const archive = join(dataDir, 'assets');
  mkdirSync(archive);
  const old = 'export const menu = "previous build";\n'.repeat(100);
  writeFileSync(join(archive, 'mobile-menu-OLDOLD01.js'), old);
  writeFileSync(join(archive, 'mobile-menu-OLDOLD01.js.br'), brotliCompressSync(old));
  // A portal started the previous build yesterday: its files are kept.
  mkdirSync(join(archive, 'builds'));
  writeFileSync(join(archive, 'builds', 'index-OLDOLD01.js.json'), JSON.stringify({ started: Date.now() - DAY, files: ['mobile-menu-OLDOLD01.js', 'mobile-menu-OLDOLD01.js.br'] }));

  const api = await startReferenceApi();
  const portal = await buildTestPortal(api.url, { DATA_DIR: dataDir, ASSET_ARCHIVE_DAYS: '7' });
  t.teardown(async () => {
    await portal.close();
    await api.close();
  });
  const build = portal.logs.lines.find((l) => l['msg'] === 'previous builds\' files kept');
  t.ok(build, 'the start says what was kept');

  const plain = await portal.app.inject({ method: 'GET', url: '/assets/mobile-menu-OLDOLD01.js' });
  t.equal(plain.statusCode, 200);
  t.equal(plain.body, old);
  t.match(plain.headers['content-type'], /^text\/javascript/);
  t.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable');

  const br = await portal.app.inject({ method: 'GET', url: '/assets/mobile-menu-OLDOLD01.js', headers: { 'accept-encoding': 'gzip, br' } });
  t.equal(br.statusCode, 200);
  t.equal(br.headers['content-encoding'], 'br');

  t.equal((await portal.app.inject({ method: 'GET', url: '/assets/never-AAAAAAAA.js' })).statusCode, 404, 'a file no build had');
  t.equal((await portal.app.inject({ method: 'GET', url: '/assets/..%2Fbuilds%2Findex-OLDOLD01.js.json' })).statusCode, 404);

  // The current build's files are in the archive too, for the next deploy.
  const current = readdirSync(archive).filter((f) => /^index-.*\.js$/.test(f) && f !== 'index-OLDOLD01.js');
  t.equal(current.length, 1, 'this build\'s entry was archived');
  const api200 = await portal.app.inject({ method: 'GET', url: '/api/v1/homepage/board/notice' });
  t.equal(api200.headers[BUILD_HEADER], current[0], 'the gateway names the build');
});
