/**
 * CSP nonces (server/portal/plugins/security.ts): drawn from the CSPRNG in batches, never
 * repeated, across a refill too, and always 16 bytes in base64.
 */
import t from 'tap';
import { nextNonce } from '#server/portal/plugins/security.ts';

t.test('a thousand nonces: all different, all 16 bytes', async (t) => {
  const nonces = Array.from({ length: 1000 }, () => nextNonce());
  const seen = new Set(nonces);
  t.same(nonces.filter((n) => Buffer.from(n, 'base64').length !== 16), [], 'every one is 16 bytes');
  t.equal(seen.size, 1000, 'none repeated, across four refills');
  t.notOk(seen.has(Buffer.alloc(16).toString('base64')), 'never the empty buffer');
});
