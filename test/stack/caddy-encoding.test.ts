/**
 * Compression through Caddy (deploy/Caddyfile, decision 0154): Caddy's HTTP client must not ask
 * a portal for gzip on a client's behalf. Left on (Go's transparent compression, Caddy's
 * default), every answer to a client that asked for nothing was compressed by the portal and
 * unpacked again by Caddy: about 9 % of a portal's CPU under the stack bench. A client's own
 * Accept-Encoding still reaches the portal, which compresses for it, and the compressed answer
 * comes back as it was sent.
 *
 * The real Caddyfile in front of two small stand-ins for the portals that say which
 * Accept-Encoding they were sent. Needs Debian's caddy (.ci/run installs it); outside CI,
 * without it, skipped with a message.
 */
import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { CADDYFILE, caddyAddresses } from '#scripts/stack/settings.ts';
import { skipWithoutPackages } from '#scripts/stack/stack.ts';
import { freePort } from '#test/fixtures/ports.ts';
import { startProcess } from '#test/fixtures/process.ts';

const skip = skipWithoutPackages();

const PAGE = `<!doctype html><html lang="ko"><title>충북 독서포인트</title><p>${'독서 '.repeat(800)}</p></html>`;

/** A stand-in portal: ready, and a page that says which Accept-Encoding came with its request (gzipped when asked). */
function standIn(seen: string[]): Server {
  return createServer((req, res) => {
    if (req.url === '/readyz') {
      res.end('ok');
      return;
    }
    const asked = String(req.headers['accept-encoding'] ?? '');
    seen.push(asked);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (/\bgzip\b/.test(asked)) {
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(PAGE));
    } else {
      res.end(PAGE);
    }
  });
}

t.test('Caddy passes the client\'s Accept-Encoding on and adds none of its own', { skip }, async (t) => {
  const seen: string[] = [];
  const servers = [standIn(seen), standIn(seen)];
  const ports: [number, number] = [await freePort(), await freePort()];
  await Promise.all(servers.map((s, i) => new Promise<void>((resolve) => s.listen(ports[i], '127.0.0.1', resolve))));
  t.teardown(() => servers.forEach((s) => s.close()));
  const home = mkdtempSync(join(tmpdir(), 'caddy-encoding-'));
  t.teardown(() => rmSync(home, { recursive: true, force: true }));
  const port = await freePort();
  const caddy = await startProcess('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    ...caddyAddresses({ port, healthPort: await freePort(), portals: ports }),
    HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config'),
  }, { stderrLines: true, ready: (l) => l['msg'] === 'serving initial configuration' });
  t.teardown(() => caddy.stop());
  const url = `http://127.0.0.1:${port}/main/homemain`;

  const plain = await request(url, { headers: { accept: 'text/html' } });
  t.equal(plain.statusCode, 200);
  t.equal(await plain.body.text(), PAGE, 'the page as the portal wrote it');
  t.equal(plain.headers['content-encoding'], undefined, 'not compressed');
  t.equal(seen.at(-1), '', 'no Accept-Encoding reached the portal: it compressed nothing for Caddy to unpack');

  const gzipped = await request(url, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
  t.equal(gzipped.statusCode, 200);
  t.equal(seen.at(-1), 'gzip', "the client's Accept-Encoding reached the portal");
  t.equal(gzipped.headers['content-encoding'], 'gzip', 'the compressed answer came back compressed');
  t.equal(gunzipSync(Buffer.from(await gzipped.body.arrayBuffer())).toString(), PAGE, 'and whole');
});
