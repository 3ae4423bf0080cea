/**
 * Facts said once (decision 0133): no homepage API path and no programme number is written
 * in client/, server/ or shared/ outside the operation table (shared/contract/operations.ts)
 * and the programme module (shared/contract/programme.ts). The few honest exceptions are
 * listed below, each narrowly. Comments and test files are not read: tests state the
 * addresses and numbers they expect on purpose.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import t from 'tap';
import { HOMEPAGE_PREFIX, operations, splitKey } from '#shared/contract/operations.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Where the facts live. */
const HOMES = new Set(['shared/contract/operations.ts', 'shared/contract/programme.ts']);

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** Code lines of a file with their numbers; comment lines left out. */
function codeLines(file: string): { line: number; text: string }[] {
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .map((text, i) => ({ line: i + 1, text }))
    .filter(({ text }) => !/^\s*(?:\*|\/\*|\/\/)/.test(text));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const FILES = ['client', 'server', 'shared'].flatMap(sources).filter((f) => !HOMES.has(f));

interface Rule {
  what: string;
  pattern: RegExp;
  /** An exception: the file and what the line holds. */
  allowed?: (file: string, text: string, previous: string) => boolean;
}

const PATHS = [...new Set(Object.keys(operations).map((key) => splitKey(key).path))];

const rules: Rule[] = [
  {
    what: 'the API prefix',
    pattern: new RegExp(escape(HOMEPAGE_PREFIX)),
    // Its one definition, browser-safe (the table imports schemas, which the browser bundle must not carry).
    allowed: (file) => file === 'shared/http.ts',
  },
  {
    what: 'an operation path',
    pattern: new RegExp(`(['"\`])(?:${PATHS.map(escape).join('|')})\\1`),
    allowed: (file, text, previous) =>
      // The typed client's calls and the API's route registrations (on the call's line or the
      // next): the compiler, and at start the operation table (server/homepage-api/operation-table.ts),
      // hold them to the table.
      /\.(?:get|post|put|delete)\(/.test(text) ||
      /\.(?:get|post|put|delete)\(\s*$/.test(previous) ||
      // The challenge's two intents, passed to the typed client's post (checked as above).
      (file === 'client/forms/challenge-write.ts' && text.startsWith('const WRITES = ')) ||
      // A page whose address is also an operation's (shared/routes.ts: the book page).
      (file === 'shared/routes.ts' && text.includes("path: '/book/:isbn'")) ||
      // The words of each write, keyed by its path: the key's type is the table's write paths.
      (file === 'client/api/write-messages.ts' && /^\s*'\/[^']+': words\(/.test(text)),
  },
  { what: 'points of a rule', pattern: /[1-9][\d,]*\s*(?:포인트|P\b)/, allowed: (file, text) => file === 'client/pages/home/messages.ts' && text.includes('1포인트를 1원처럼') },
  { what: 'a length of a write', pattern: /[1-9][\d,]*자(?: 이상| 이내|까지)/ },
  { what: 'a points cap', pattern: /23[,_]?750|60[,_]?000포인트/ },
  {
    what: 'the ISBN-13 pattern',
    pattern: /97\[89\]/,
    // The page table is in the shell's chunk, which stays within its budget without programme.ts (decision 0034).
    allowed: (file, text) => file === 'shared/routes.ts' && text.includes("params: { isbn: '^97[89][0-9]{10}$' }"),
  },
  { what: "Seoul's offset", pattern: /9 \* 60 \* 60 \* 1000/ },
  { what: 'the activity types', pattern: /'diary', 'review', 'loan', 'purchase'/ },
];

/** Seeded content (terms, FAQ, notices) is text an editor wrote: it states the programme as published. */
const SEEDED = (file: string) => file.startsWith('server/homepage-api/seed/');

t.test('no API path or programme number outside the operation table and programme.ts', async (t) => {
  t.ok(FILES.length > 100, `${FILES.length} source files read`);
  for (const rule of rules) {
    const found: string[] = [];
    for (const file of FILES) {
      if (rule.what !== 'the API prefix' && rule.what !== 'an operation path' && SEEDED(file)) continue;
      let previous = '';
      for (const { line, text } of codeLines(file)) {
        if (rule.pattern.test(text) && !rule.allowed?.(file, text, previous)) found.push(`${file}:${line}: ${text.trim().slice(0, 160)}`);
        previous = text;
      }
    }
    t.same(found, [], `${rule.what}: said once`);
  }
});

t.test('the check is not vacuous', async (t) => {
  const sample = `const url = '${HOMEPAGE_PREFIX}/board/notice';`;
  t.ok(rules[0]?.pattern.test(sample), 'the prefix is seen');
  t.ok(rules[1]?.pattern.test("const p = '/board/notice';"), 'an operation path is seen');
  t.notOk(rules[1]?.allowed?.('client/x.ts', "const p = '/board/notice';", ''), 'and not excused outside a call');
  t.ok(rules[2]?.pattern.test("diary: '50P (첫 일지 200P)',"), 'points are seen');
});
