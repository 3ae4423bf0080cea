/**
 * A homepage API slowed down for `npm run bench`: forwards every request to TARGET after
 * DELAY_MS. TARGET=http://127.0.0.1:4000 DELAY_MS=300 PORT=4100 node scripts/bench/delay-proxy.ts
 */
import { createServer, request } from 'node:http';

const target = new URL(process.env['TARGET'] ?? 'http://127.0.0.1:4000');
const delayMs = Number(process.env['DELAY_MS'] ?? 300);
const port = Number(process.env['PORT'] ?? 4100);

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    setTimeout(() => {
      const up = request(
        { hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
        (upRes) => {
          res.writeHead(upRes.statusCode ?? 502, upRes.headers);
          upRes.pipe(res);
        },
      );
      up.on('error', () => res.writeHead(502).end());
      up.end(Buffer.concat(chunks));
    }, delayMs);
  });
}).listen(port, '127.0.0.1', () => console.log(JSON.stringify({ msg: 'delay proxy listening', port, delayMs })));
