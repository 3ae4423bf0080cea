/**
 * `db.query.summary` of a statement, as the OpenTelemetry database conventions describe it
 * ("Generating a summary of the query text"): its operations and the tables each names, in the
 * order they appear and as written, e.g. `SELECT point_ledger` or, for the member read that
 * checks the token and sums the points in one statement,
 * `SELECT access_tokens token_families members SELECT … member_points`. The span is named by it,
 * and `db.operation.name` / `db.collection.name` are set only when the statement has a single
 * operation / a single table (the conventions: never the first of several).
 *
 * Our statements are static SQL written in this repository: a small scan, once per prepared
 * statement, is enough. Not a SQL parser: string literals and comments are skipped, and
 * names a WITH clause defines (`WITH a AS (…)`) are not tables, nor is a parenthesised
 * subquery after FROM or JOIN.
 */

const OPERATIONS = new Set(['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
/** Words that name a table next (UPDATE both names an operation and introduces its table). */
const TARGET_BEFORE = new Set(['FROM', 'INTO', 'JOIN', 'UPDATE']);
/** Words that end a FROM list (after them, a comma no longer introduces a table). */
const CLAUSE = new Set(['WHERE', 'GROUP', 'ORDER', 'HAVING', 'LIMIT', 'OFFSET', 'ON', 'USING', 'JOIN', 'LEFT', 'RIGHT', 'INNER', 'OUTER', 'CROSS', 'FULL', 'NATURAL', 'UNION', 'EXCEPT', 'INTERSECT', 'RETURNING', 'SET', 'VALUES', 'WINDOW', 'FILTER', 'AS']);
/** The summary's bound (the conventions keep it short): cut at a word. */
const MAX = 255;

export interface QuerySummary {
  /** Operations and targets in order; empty when the text names no operation this knows. */
  readonly summary: string;
  /** The statement's operation, when it has exactly one. */
  readonly operation: string | undefined;
  /** The statement's table, when it names exactly one. */
  readonly collection: string | undefined;
}

/** Words, quoted names and punctuation; string literals, comments and placeholders dropped. */
function tokens(text: string): string[] {
  const out: string[] = [];
  const re = /'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"]|"")+"|[A-Za-z_][\w$]*(?:\.[A-Za-z_][\w$]*)*|[(),;]|\S/g;
  for (const [t] of text.matchAll(re)) {
    if (t.startsWith("'") || t.startsWith('--') || t.startsWith('/*')) continue;
    out.push(t);
  }
  return out;
}

const isName = (t: string | undefined): t is string => t !== undefined && /^(?:"|[A-Za-z_])/.test(t);

/** The names a WITH clause defines: `name [(columns)] AS [[NOT] MATERIALIZED] (`. */
function cteNames(ts: readonly string[]): Set<string> {
  const names = new Set<string>();
  ts.forEach((t, i) => {
    if (t.toUpperCase() !== 'AS' || !isName(ts[i - 1])) return;
    let j = i + 1;
    if (ts[j]?.toUpperCase() === 'NOT') j++;
    if (ts[j]?.toUpperCase() === 'MATERIALIZED') j++;
    if (ts[j] === '(') names.add((ts[i - 1] as string).toLowerCase());
  });
  return names;
}

export function summarizeQuery(text: string): QuerySummary {
  const ts = tokens(text);
  const ctes = cteNames(ts);
  const parts: string[] = [];
  const operations: string[] = [];
  const targets = new Set<string>();
  const target = (t: string | undefined): boolean => {
    if (!isName(t) || ctes.has(t.toLowerCase()) || OPERATIONS.has(t.toUpperCase()) || CLAUSE.has(t.toUpperCase())) return false;
    parts.push(t);
    targets.add(t);
    return true;
  };
  // A statement that is none of the four (PRAGMA, CREATE, BEGIN …) is summarised by its command.
  const first = ts[0];
  if (isName(first) && !OPERATIONS.has(first.toUpperCase()) && first.toUpperCase() !== 'WITH') {
    parts.push(first);
    operations.push(first);
  }
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i] as string;
    const word = t.toUpperCase();
    if (OPERATIONS.has(word)) {
      parts.push(t);
      operations.push(t);
    }
    if (!TARGET_BEFORE.has(word)) continue;
    if (!target(ts[i + 1])) continue;
    i++;
    if (word !== 'FROM') continue;
    // FROM a [alias], b [alias], …: each name after a comma is a table too.
    for (;;) {
      let j = i + 1;
      if (isName(ts[j]) && !CLAUSE.has((ts[j] as string).toUpperCase()) && ts[j + 1] !== '(') j++;
      if (ts[j] !== ',' || !target(ts[j + 1])) break;
      i = j + 1;
    }
  }
  let summary = '';
  for (const p of parts) {
    const next = summary ? `${summary} ${p}` : p;
    if (next.length > MAX) break;
    summary = next;
  }
  return {
    summary,
    operation: operations.length === 1 ? operations[0] : undefined,
    collection: targets.size === 1 ? [...targets][0] : undefined,
  };
}
