/**
 * Every repository path the docs name exists (decision 0136): README.md, server/README.md and docs/*.md are the
 * map a newcomer follows, so a file moved without its mention fails here. A path is a word that
 * starts with one of the repository's folders (`server/portal/app.ts`, `test/fixtures/`) or a
 * relative link (`[decisions/](decisions/README.md)`); patterns and placeholders (`<page>`, `*`,
 * `{a,b}`, `…`) are not paths. The decision records are checked too: where one tells what a file
 * was, it says so without naming a path that is gone.
 */
import t from 'tap';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const docs = ['README.md', 'server/README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`), ...readdirSync(join(root, 'docs/decisions')).filter((f) => f.endsWith('.md')).map((f) => `docs/decisions/${f}`)];

const FOLDERS = ['server', 'client', 'shared', 'test', 'scripts', 'docs', 'deploy', '.ci'];
const PATH = new RegExp(`(?<![\\w./#@-])(?:${FOLDERS.map((f) => f.replace('.', '\\.')).join('|')})/[\\w./-]*`, 'g');
const LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

/** The repository paths a document names, each with what it resolves to. */
function pathsIn(doc: string): { named: string; resolved: string }[] {
  const text = readFileSync(join(root, doc), 'utf8');
  const found: { named: string; resolved: string }[] = [];
  for (const line of text.split('\n')) {
    for (const m of line.matchAll(PATH)) {
      const after = line[(m.index ?? 0) + m[0].length] ?? '';
      if ('<*{…'.includes(after) && after !== '') continue;
      const named = m[0].replace(/[.]+$/, '');
      found.push({ named, resolved: named });
    }
    for (const m of line.matchAll(LINK)) {
      const target = m[1] ?? '';
      if (/^[a-z]+:/.test(target)) continue;
      found.push({ named: target, resolved: relative(root, join(root, dirname(doc), target)) });
    }
  }
  return found;
}

/** Files the docs tell an operator to make; git ignores them (.gitignore), so they are never here. */
const MADE_BY_OPERATORS = new Set(['deploy/.env']);

/** A path exists, or names a decision by its number (`docs/decisions/0016` → `0016-….md`). */
function exists(path: string): boolean {
  if (MADE_BY_OPERATORS.has(path) || existsSync(join(root, path))) return true;
  const decision = /^docs\/decisions\/(\d{4}|D\d)$/.exec(path);
  return decision !== null && readdirSync(join(root, 'docs', 'decisions')).some((f) => f.startsWith(`${decision[1]}-`));
}

for (const doc of docs) {
  t.test(doc, async (t) => {
    const missing = pathsIn(doc).filter((p) => !exists(p.resolved));
    t.same(
      missing.map((p) => p.named),
      [],
      'every path it names exists',
    );
  });
}
