/**
 * No import circle between server/portal's folders (issue 40 part 6): auth/ may use homepage/,
 * or homepage/ auth/, never both, so each folder can be read (and tested) with only what it
 * stands on. The files at server/portal's top (app.ts, config.ts, scheme.ts) are the composition
 * root and the settings every folder reads, not a folder, so they are left out. Type-only imports
 * count: they tie the folders' meaning as much as values do.
 */
import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const portal = join(root, 'server/portal');

/** Every .ts file under `dir`, tests excluded. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** The folder of server/portal a file is in (`auth`, `homepage`…), or null for the top's files and files outside. */
function folderOf(file: string): string | null {
  const rel = relative(portal, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split('/');
  return parts.length > 1 ? (parts[0] ?? null) : null;
}

const SPECIFIER = /(?:^|[^\w.])(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The edges folder → folder that one file's imports make. */
function edgesOf(file: string): [string, string, string][] {
  const from = folderOf(file);
  if (!from) return [];
  const out: [string, string, string][] = [];
  for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2] ?? '';
    const target = spec.startsWith('#server/') ? join(root, 'server', spec.slice('#server/'.length)) : spec.startsWith('.') ? resolve(dirname(file), spec) : null;
    const to = target ? folderOf(target) : null;
    if (to && to !== from) out.push([from, to, relative(root, file)]);
  }
  return out;
}

/** The circles of a graph, each as the folders in order (the first repeated at the end). */
function circlesOf(edges: readonly (readonly [string, string])[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const [a, b] of edges) next.set(a, (next.get(a) ?? new Set()).add(b));
  const found = new Map<string, string[]>();
  const walk = (path: string[]) => {
    const last = path[path.length - 1] ?? '';
    for (const n of next.get(last) ?? []) {
      const at = path.indexOf(n);
      if (at >= 0) {
        const circle = path.slice(at);
        // One name per circle, whichever folder it is walked from.
        const key = [...circle].sort().join(' ');
        if (!found.has(key)) found.set(key, [...circle, n]);
      } else walk([...path, n]);
    }
  };
  for (const start of next.keys()) walk([start]);
  return [...found.values()];
}

t.test('the detector finds a circle and passes a line', async (t) => {
  t.same(circlesOf([['auth', 'homepage'], ['homepage', 'ops'], ['ops', 'auth']]).length, 1);
  t.same(circlesOf([['auth', 'homepage'], ['homepage', 'ops'], ['routes', 'auth']]), []);
});

t.test('no import circle between server/portal folders', async (t) => {
  const edges = filesUnder(portal).flatMap(edgesOf);
  t.ok(edges.length > 10, 'the folders import one another (the walk sees the imports)');
  const circles = circlesOf(edges.map(([a, b]) => [a, b] as const));
  const why = circles.map((c) => {
    const steps = c.slice(0, -1).map((a, i) => {
      const b = c[i + 1] ?? '';
      return `${a} → ${b} (${edges.find(([x, y]) => x === a && y === b)?.[2] ?? '?'})`;
    });
    return steps.join(', ');
  });
  t.same(why, [], 'no circle');
});
