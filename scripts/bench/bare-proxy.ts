/**
 * The gateway's yardstick in `npm run bench`: the least a second HTTP hop costs with the
 * portal's own libraries. A Fastify server without plugins, hooks or logs forwards every
 * `GET /api/v1/homepage/*` through an undici pool to HOMEPAGE_API_URL with the bearer
 * token given in TOKEN, and answers the API's JSON text as it came. No cookies, session,
 * security headers, metrics or request log: what the portal's gateway spends beyond this
 * is its own request path (decision 0121).
 *
 *   HOMEPAGE_API_URL=http://127.0.0.1:4000 TOKEN=… PORT=3200 node scripts/bench/bare-proxy.ts
 */
import Fastify from 'fastify';
import { Pool } from 'undici';

const api = process.env['HOMEPAGE_API_URL'];
const token = process.env['TOKEN'];
if (!api || !token) throw new Error('HOMEPAGE_API_URL and TOKEN are required');

const pool = new Pool(api, { connections: 64, keepAliveTimeout: 10_000 });
const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
const app = Fastify({ logger: false });
app.get('/api/v1/homepage/*', async (req, reply) => {
  const res = await pool.request({ path: req.url, method: 'GET', headers });
  const text = await res.body.text();
  return reply.code(res.statusCode).type('application/json; charset=utf-8').send(text);
});
await app.listen({ port: Number(process.env['PORT'] ?? 3200), host: '127.0.0.1' });
console.log(JSON.stringify({ msg: 'bare proxy listening' }));
