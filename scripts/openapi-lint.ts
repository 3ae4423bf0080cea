/**
 * `npm run lint:openapi`: the reference API's served OpenAPI document (GET /docs/openapi.json,
 * as the tests fetch it) written to a temporary file, then linted by @redocly/cli (its
 * recommended rules: no error) and by Spectral (spectral:oas, .spectral.yaml: no warning).
 * Decision 0134.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHomepageApi } from '#server/homepage-api/app.ts';

const app = await buildHomepageApi({ dbFile: ':memory:', seed: false });
const res = await app.inject({ url: '/docs/openapi.json' });
await app.close();
if (res.statusCode !== 200) throw new Error(`GET /docs/openapi.json answered ${res.statusCode}`);

const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, res.body);
const bin = (name: string) => join(import.meta.dirname, '..', 'node_modules', '.bin', name);
const run = (name: string, args: string[]) => spawnSync(bin(name), args, { stdio: 'inherit' }).status ?? 1;
try {
  const redocly = run('redocly', ['lint', file, '--extends', 'recommended', '--format', 'stylish']);
  const spectral = run('spectral', ['lint', file, '--ruleset', join(import.meta.dirname, '..', '.spectral.yaml'), '--fail-severity', 'warn']);
  process.exitCode = redocly || spectral ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
