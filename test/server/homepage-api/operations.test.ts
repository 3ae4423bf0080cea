/**
 * The portal's operation map (shared/contract/operations.ts) and the reference API's
 * OpenAPI document name the same operations with the same parameters and bodies, so the
 * typed client's paths and types are the API's own.
 */
import t from 'tap';
import { homepageOperations, portalOnlyOperations, type Operation } from '#shared/contract/operations.ts';
import { P, derefDocument, testApi } from './helpers.ts';

interface DocOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: { 'application/json'?: { schema?: { title?: string } } } }>;
}
type Doc = { paths: Record<string, Record<string, DocOperation>> };

const keysOf = (schema: Operation['query']): string[] =>
  Object.keys((schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}).sort();

t.test('the operation map is the OpenAPI document', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const doc = derefDocument((await app.inject({ url: '/docs/openapi.json' })).json() as Doc);
  const map: Record<string, Operation> = { ...homepageOperations, ...portalOnlyOperations };

  const documented = new Map<string, DocOperation>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith(`${P}/`) || path.endsWith('/docs/openapi.json')) continue;
    const local = path.slice(P.length).replace(/\{([^}]+)\}/g, ':$1');
    for (const [method, op] of Object.entries(methods)) documented.set(`${method.toUpperCase()} ${local}`, op);
  }
  t.same([...documented.keys()].sort(), Object.keys(map).sort(), 'the same operations');

  for (const [key, op] of documented) {
    const entry = map[key];
    if (!entry) continue;
    const params = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort();
    const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name).sort();
    t.same(params, keysOf(entry.params), `${key}: path parameters`);
    t.same(query, keysOf(entry.query), `${key}: query parameters`);
    t.equal(op.requestBody !== undefined, entry.body !== undefined, `${key}: body`);
    const answerTitle = op.responses['200']?.content?.['application/json']?.schema?.title;
    const mapTitle = (entry.answer as { title?: string }).title;
    if (answerTitle && mapTitle) t.equal(answerTitle, mapTitle, `${key}: answer`);
  }
});
