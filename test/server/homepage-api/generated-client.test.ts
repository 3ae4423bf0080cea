/**
 * An integrator's client, generated from the served OpenAPI document by a standard generator
 * (openapi-typescript), agrees with the contract's types (decision 0134): for every row of the
 * operation table, the generated 200 answer and the contract's Static answer are assignable
 * to each other, and so are the request bodies. The check is TypeScript's own, on a file
 * written to a temporary folder under node_modules/.cache.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import t from 'tap';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { HOMEPAGE_PREFIX, operations, splitKey, type Operation } from '#shared/contract/operations.ts';
import { testApi } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

t.test('a client generated from the served document type-checks against the contract', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const doc = (await app.inject({ url: '/docs/openapi.json' })).json() as Record<string, unknown>;
  const generated = astToString(await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0]));

  // Inside the project (node_modules/.cache), so the check resolves typebox as the project does.
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'generated-client-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'generated.ts'), generated);

  const lines = [
    "import type { Static } from 'typebox';",
    "import type { paths } from './generated.ts';",
    `import type { operations } from ${JSON.stringify(join(ROOT, 'shared/contract/operations.ts'))};`,
    'type Ops = typeof operations;',
    'type Both<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
    'type Check<T extends true> = T;',
    'type Json<R> = R extends { content: { "application/json": infer J } } ? J : never;',
  ];
  const rows = Object.entries(operations) as [string, Operation][];
  rows.forEach(([key, op], i) => {
    const { method, path } = splitKey(key);
    const item = `paths[${JSON.stringify(HOMEPAGE_PREFIX + path.replace(/:([A-Za-z_]+)/g, '{$1}'))}][${JSON.stringify(method.toLowerCase())}]`;
    lines.push(`// ${key}`);
    lines.push(`export type Answer${i} = Check<Both<Json<${item}['responses'][200]>, Static<Ops[${JSON.stringify(key)}]['answer']>>>;`);
    if (op.body) {
      lines.push(`export type Body${i} = Check<Both<Json<NonNullable<${item}['requestBody']>>, Static<Ops[${JSON.stringify(key)}]['body']>>>;`);
    }
  });
  // Not vacuous: two different answers are told apart.
  const notice = `paths[${JSON.stringify(`${HOMEPAGE_PREFIX}/board/notice`)}]["get"]`;
  lines.push(`export const drift: Both<Json<${notice}['responses'][200]>, Static<Ops["GET /book/search"]['answer']>> = false;`);
  const checkFile = join(dir, 'check.ts');
  writeFileSync(checkFile, lines.join('\n') + '\n');

  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram([checkFile], { ...config.options, noUnusedLocals: false, types: ['node'] });
  const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => d.file?.fileName.startsWith(dir));
  const text = diagnostics.slice(0, 10).map((d) => {
    const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
    return `${lines[at] ?? ''}\n  ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  t.equal(diagnostics.length, 0, `generated types agree with the contract's\n${text.join('\n')}`);
  t.ok(rows.length >= 61, `${rows.length} operations checked`);
});
