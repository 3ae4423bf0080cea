/**
 * The homepage API answered from memory, for the every-request render rows of
 * `npm run bench` (decision 0125): the first GET of each URL (with its bearer token) is
 * forwarded to TARGET and its answer kept; every later one is answered from memory.
 * Anything but a GET is always forwarded. The bench runs this on the load's core, so what
 * the portal and bare React spend on their own core is the render and its request path,
 * not the reference API's SQLite work.
 *
 *   TARGET=http://127.0.0.1:4000 PORT=4200 node scripts/bench/memo-api.ts
 */
import { createServer, request, type IncomingHttpHeaders } from 'node:http';

const target = new URL(process.env['TARGET'] ?? 'http://127.0.0.1:4000');
const port = Number(process.env['PORT'] ?? 4200);

interface Kept {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const kept = new Map<string, Kept>();

createServer((req, res) => {
  const key = req.method === 'GET' ? `${req.url ?? ''}\n${req.headers.authorization ?? ''}` : undefined;
  const hit = key === undefined ? undefined : kept.get(key);
  if (hit) {
    res.writeHead(hit.status, hit.headers).end(hit.body);
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const up = request(
      { hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
      (upRes) => {
        const body: Buffer[] = [];
        upRes.on('data', (c: Buffer) => body.push(c));
        upRes.on('end', () => {
          const headers = { ...upRes.headers };
          delete headers['transfer-encoding'];
          delete headers.connection;
          delete headers['keep-alive'];
          const answer: Kept = { status: upRes.statusCode ?? 502, headers, body: Buffer.concat(body) };
          if (key !== undefined && answer.status === 200) kept.set(key, answer);
          res.writeHead(answer.status, answer.headers).end(answer.body);
        });
      },
    );
    up.on('error', () => res.writeHead(502).end());
    up.end(Buffer.concat(chunks));
  });
}).listen(port, '127.0.0.1', () => console.log(JSON.stringify({ msg: 'memo api listening', port })));
