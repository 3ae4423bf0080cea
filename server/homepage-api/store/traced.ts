/**
 * Database spans for the reference API, both dialects (decision 0128): node:sqlite has no
 * instrumentation package, and `pg` is imported as ESM, which @opentelemetry/instrumentation-pg
 * can only patch through a loader hook. Every statement already goes through the `Database`
 * interface (db.ts), so this wrapper gives both dialects the same CLIENT spans, named and
 * described once per prepared statement:
 * - named by the statement's `db.query.summary` (query-summary.ts: `SELECT point_ledger`, or
 *   `INSERT activities INSERT point_ledger SELECT` for a WITH that writes two tables), with
 *   db.system.name, db.query.text (the static SQL with its placeholders: parameters are never
 *   recorded), and db.operation.name / db.collection.name when there is only one of each;
 * - `transaction`, around a transaction's statements (on PostgreSQL it includes the wait for a
 *   pooled connection; on SQLite the wait for the file's turn).
 * Only inside a traced request: statements with no active span (the seed at start, the reminder
 * schedule) run unwrapped and start no trace of their own. Loaded only with traces on.
 */
import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import { textOf, type Args, type Database, type Dialect, type Sql, type Statement } from './db.ts';
import { summarizeQuery } from './query-summary.ts';

const tracer = trace.getTracer('homepage-api.store');

const SYSTEM: Record<Dialect, string> = { sqlite: 'sqlite', postgres: 'postgresql' };

function failed(span: Span, err: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
  span.setAttribute('error.type', (err as { code?: unknown }).code === undefined ? 'Error' : String((err as { code?: unknown }).code));
  span.end();
}

/**
 * Runs `run` in a CLIENT span when the request is traced and sampled; as is otherwise.
 * `parent`: the span is made active for `run` (a transaction's statements become its children).
 */
function spanned<T>(name: string, attributes: Attributes, run: () => Promise<T>, parent = false): Promise<T> {
  const active = context.active();
  if (!trace.getSpan(active)?.isRecording()) return run();
  const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, active);
  const running = parent ? context.with(trace.setSpan(active, span), run) : run();
  return running.then(
    (out) => {
      span.end();
      return out;
    },
    (err: unknown) => {
      failed(span, err);
      throw err;
    },
  );
}

export function tracedDatabase(db: Database): Database {
  const system = SYSTEM[db.dialect];
  const statementAttributes = (sql: Sql): { name: string; attributes: Attributes } => {
    const text = textOf(sql, db.dialect);
    const { summary, operation, collection } = summarizeQuery(text);
    return {
      name: summary || system,
      attributes: {
        'db.system.name': system,
        ...(summary ? { 'db.query.summary': summary } : {}),
        ...(operation ? { 'db.operation.name': operation } : {}),
        ...(collection ? { 'db.collection.name': collection } : {}),
        'db.query.text': text,
      },
    };
  };
  const transactionAttributes: Attributes = { 'db.system.name': system };
  return {
    dialect: db.dialect,
    prepare(sql: Sql): Statement {
      const st = db.prepare(sql);
      const { name, attributes } = statementAttributes(sql);
      return {
        all: (...args: Args) => spanned(name, attributes, () => st.all(...args)),
        get: (...args: Args) => spanned(name, attributes, () => st.get(...args)),
        run: (...args: Args) => spanned(name, attributes, () => st.run(...args)),
      };
    },
    exec(sql: Sql): Promise<void> {
      const { name, attributes } = statementAttributes(sql);
      return spanned(name, attributes, () => db.exec(sql));
    },
    transaction: (fn) => spanned('transaction', transactionAttributes, () => db.transaction(fn), true),
    exclusive: (key, fn) => db.exclusive(key, fn),
    ping: () => db.ping(),
    close: () => db.close(),
    ...(db.listen ? { listen: db.listen.bind(db) } : {}),
  };
}
