/**
 * docs/configuration.md cannot drift from what the processes read (issue 40): each of its three
 * tables is checked against its source — the portal's against `PortalEnv`
 * (server/portal/config.ts), the reference API's against `ApiEnv`
 * (server/homepage-api/settings.ts), the traces' against the names server/tracing.ts reads plus
 * the few the OpenTelemetry SDK reads for it (`TRACING_ENV`). Every variable of a source has a row, every row
 * names a variable of its source, and a default the schema gives is the default the row shows.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TObject, TSchema } from 'typebox';
import { PortalEnv } from '../../server/portal/config.ts';
import { ApiEnv } from '../../server/homepage-api/settings.ts';
import { TRACING_ENV } from '../../server/tracing.ts';

const root = join(import.meta.dirname, '..', '..');
const doc = readFileSync(join(root, 'docs', 'configuration.md'), 'utf8');

/** The rows of the table under `## heading`: variable → its default cell. */
function rowsUnder(heading: string): Map<string, string> {
  const section = doc.split(/^## /m).find((s) => s.startsWith(`${heading}\n`)) ?? '';
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = /^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/.exec(line);
    if (cells) rows.set(cells[1] ?? '', (cells[2] ?? '').trim());
  }
  return rows;
}

/** How the doc writes a schema's default: `3000`, `Y`/`N` for a flag, "empty" for ''. */
function shown(value: unknown): string {
  if (value === '') return 'empty';
  if (typeof value === 'boolean') return value ? '`Y`' : '`N`';
  return `\`${String(value)}\``;
}

function checkSchema(heading: string, schema: TObject): void {
  t.test(`${heading}: the table is the schema`, async (t) => {
    const rows = rowsUnder(heading);
    const props = schema.properties as Record<string, TSchema>;
    t.ok(rows.size > 0, 'the section has a table');
    t.same(Object.keys(props).filter((k) => !rows.has(k)), [], 'every variable of the schema has a row');
    t.same([...rows.keys()].filter((k) => !(k in props)), [], 'every row names a variable of the schema');
    const wrong: string[] = [];
    for (const [key, prop] of Object.entries(props)) {
      const def = (prop as { default?: unknown }).default;
      const cell = rows.get(key);
      if (def === undefined || cell === undefined) continue;
      if (cell !== shown(def)) wrong.push(`${key}: the doc says ${cell}, the schema ${shown(def)}`);
    }
    t.same(wrong, [], 'every default is the schema\'s');
  });
}

checkSchema('The portal', PortalEnv);
checkSchema('The reference homepage API', ApiEnv);

t.test('Traces: the table is what tracing reads', async (t) => {
  const source = readFileSync(join(root, 'server', 'tracing.ts'), 'utf8');
  const known = new Set<string>(TRACING_ENV);
  const read = [...source.matchAll(/value\(env, '(OTEL_[A-Z_]+)'\)/g)].map((m) => m[1] ?? '');
  t.ok(read.length >= 4, `server/tracing.ts reads ${read.join(', ')}`);
  t.same(read.filter((k) => !known.has(k)), [], 'every variable server/tracing.ts reads is in TRACING_ENV');
  const rows = rowsUnder('Traces');
  t.same([...known].filter((k) => !rows.has(k)), [], 'every variable of TRACING_ENV has a row');
  t.same([...rows.keys()].filter((k) => !known.has(k)), [], 'every row names a variable of TRACING_ENV');
});
