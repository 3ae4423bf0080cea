/**
 * A property-based contract tester against the served OpenAPI document (decision 0149), the
 * npm stand-in for Schemathesis (a Python tool that cannot be installed here): for every
 * operation it generates requests from the document's own schemas with fast-check — valid
 * ones, and invalid ones (a value of another type, a missing required field, an unknown field
 * or query parameter) — without and with a member's token, and checks what the document
 * promises: no 5xx; a status the operation documents; an answer that matches the schema
 * documented for that status; a request the document allows refused only by a documented rule
 * (400 with code rule_violated) or by its token; a method it does not list → 405 with `Allow`.
 * Bounded: RUNS cases per operation and kind (about 1,000 requests), seed fixed.
 */
import t from 'tap';
import fc from 'fast-check';
import { Value } from 'typebox/value';
import { call, derefDocument, login, P, testApi } from './helpers.ts';

const SEED = 20260101;
const RUNS = 4;

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
};
interface Parameter { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema }
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { content?: { 'application/json'?: { schema: Schema } } }>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

const api = await testApi({ settings: { accessTtlS: 3600 } });
t.teardown(() => api.app.close());
const doc = derefDocument((await api.app.inject({ url: '/docs/openapi.json' })).json<Doc>());
const { access_token: token } = await login(api.app);

const day = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

/** Values a schema accepts (a small generator: the keywords the document uses). */
function valid(s: Schema): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.anyOf) return fc.oneof(...s.anyOf.map(valid));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string': {
      const max = Math.min(s.maxLength ?? 40, 40);
      const min = s.minLength ?? 0;
      if (s.format === 'date') return day;
      if (s.format === 'email') return fc.constantFrom('reader@example.org', 'a.b@library.go.kr');
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= (s.maxLength ?? Infinity));
      return fc.string({ minLength: min, maxLength: Math.max(min, max) });
    }
    case 'integer':
      return fc.integer({ min: s.minimum ?? -5, max: Math.min(s.maximum ?? 1_000, (s.minimum ?? 0) + 1_000) });
    case 'number':
      return fc.double({ min: s.minimum ?? -5, max: s.maximum ?? 1_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = valid(s.items ?? {});
      const opts = { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) };
      return s.uniqueItems ? fc.uniqueArray(items, { ...opts, selector: (v) => JSON.stringify(v) }) : fc.array(items, opts);
    }
    case 'object': {
      const props = s.properties ?? {};
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valid(v)])), { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.constant(null);
  }
}

/** A value of another JSON type than the schema allows. */
const otherType = (s: Schema): unknown => (s.type === 'string' || s.enum || s.anyOf ? 12345 : 'not-a-number');

interface Request {
  method: string;
  url: string;
  body?: unknown;
  /** Whether the document allows it (else it must be refused with a documented 4xx). */
  allowed: boolean;
}

const text = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));

/** Requests for one operation: its parameters and body, valid, or made invalid one way. */
function requests(method: string, path: string, op: Operation): fc.Arbitrary<Request> {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query');
  const bodySchema = op.requestBody?.content['application/json'].schema;
  const parts = fc.record({
    path: fc.tuple(...pathParams.map((p) => valid(p.schema).filter((v) => String(v).length > 0))),
    query: fc.record(Object.fromEntries(query.map((p) => [p.name, valid(p.schema)])), { requiredKeys: query.filter((p) => p.required).map((p) => p.name) }),
    body: bodySchema ? valid(bodySchema) : fc.constant(undefined),
    breaks: fc.constantFrom('none', 'none', 'query-extra', 'query-type', 'body-type', 'body-missing', 'body-extra'),
  });
  return parts.map(({ path: values, query: q, body, breaks }) => {
    let url = path;
    pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, text(values[i]))));
    const qs = Object.entries(q).map(([k, v]) => `${k}=${text(v)}`);
    let allowed = true;
    let sent = body;
    const typed = query.find((p) => p.schema.type === 'integer' || p.schema.enum);
    if (breaks === 'query-extra') {
      qs.push('unexpected_param=1');
      allowed = false;
    }
    if (breaks === 'query-type' && typed) {
      qs.push(`${typed.name}=${text(otherType(typed.schema))}`);
      allowed = false;
    }
    if (bodySchema && typeof body === 'object' && body !== null && !Array.isArray(body)) {
      const required = bodySchema.required ?? [];
      const first = required[0];
      if (breaks === 'body-type' && first) sent = { ...body, [first]: otherType(bodySchema.properties?.[first] ?? {}) };
      if (breaks === 'body-missing' && first) sent = Object.fromEntries(Object.entries(body).filter(([k]) => k !== first));
      if (breaks === 'body-extra') sent = { ...body, unexpected_field: true };
      if (sent !== body) allowed = false;
    }
    return { method: method.toUpperCase(), url: qs.length ? `${url}?${qs.join('&')}` : url, body: sent, allowed };
  });
}

const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

for (const who of ['anonymous', 'member'] as const) {
  t.test(`every operation holds to the document (${who})`, async (t) => {
    let cases = 0;
    for (const { path, method, op } of operations) {
      const label = `${method.toUpperCase()} ${path}`;
      const member = who === 'member' ? token : undefined;
      const secured = op.responses['401'] !== undefined;
      await fc.assert(
        fc.asyncProperty(requests(method, path, op), async (req) => {
          cases++;
          const res = await call(api.app, member, req.method as 'GET', req.url, req.body);
          const where = `${req.method} ${req.url} ${JSON.stringify(req.body) ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) throw new Error(`server error: ${where}`);
          const documented = op.responses[String(res.statusCode)];
          if (!documented) throw new Error(`undocumented status: ${where}`);
          const schema = documented.content?.['application/json']?.schema;
          if (schema && !Value.Check(schema, res.json())) throw new Error(`answer off its schema: ${where}`);
          if (req.allowed && res.statusCode === 400 && res.json<{ code?: string }>().code !== 'rule_violated') {
            throw new Error(`a request the document allows refused without a documented rule: ${where}`);
          }
          if (!req.allowed && res.statusCode < 400 && !(secured && !member)) throw new Error(`a request the document forbids accepted: ${where}`);
        }),
        { seed: SEED, numRuns: RUNS * 2, endOnFailure: true },
      ).then(() => t.pass(label), (err: Error) => t.fail(`${label}: ${err.message.split('\n').slice(0, 3).join(' ')}`));
    }
    t.ok(cases >= operations.length * RUNS, `${cases} cases`);
  });
}

t.test('a method the document does not list: 405 with Allow of the documented methods', async (t) => {
  for (const [path, item] of Object.entries(doc.paths)) {
    const url = path.replace(/\{[a-z_]+\}/g, 'x1');
    // The URL is listed under its most static path (…/authentication/x1 is {type}'s).
    const listed = Object.keys(item).flatMap((m) => (m === 'get' ? ['GET', 'HEAD'] : [m.toUpperCase()])).sort();
    for (const method of ['QUERY', 'PATCH', 'TRACE', 'OPTIONS']) {
      const res = await api.app.inject({ method: method as 'PATCH', url });
      t.equal(res.statusCode, 405, `${method} ${path}`);
      t.equal(res.headers['allow'], listed.join(', '), `${method} ${path}: Allow`);
    }
  }
});

t.test('the tester sees the prefix', async (t) => {
  t.ok(operations.every((o) => o.path.startsWith(P)));
});
