/**
 * The boundaries the lint keeps (decision 0136), through ESLint itself with the project's
 * config: each forbidden import is reported with the rule's message, in its alias and its
 * relative form, and the imports each side may make are not. The files are virtual (linted as
 * text under a path), so nothing forbidden is ever written to the tree.
 */
import t from 'tap';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

/** The messages of no-restricted-imports for `source` linted as the file `filePath`. */
async function refusals(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const forbidden: [string, string, RegExp][] = [
  ['client/shell/example.tsx', "import { x } from '#server/portal/config.ts';", /client code never imports server code/],
  ['client/shell/example.tsx', "import { x } from '../../server/portal/config.ts';", /client code never imports server code/],
  ['client/pages/home/example.tsx', "import { x } from '#server/portal/config.ts';", /client code never imports server code/],
  ['shared/example.ts', "import { x } from '#client/shell/layout.tsx';", /shared\/ serves both sides/],
  ['shared/contract/example.ts', "import { x } from '../../server/logger.ts';", /shared\/ serves both sides/],
  ['server/portal/routes/example.ts', "import { x } from '#server/homepage-api/app.ts';", /only over HTTP/],
  ['server/portal/routes/example.ts', "import { x } from '../../homepage-api/embedded.ts';", /only over HTTP/],
  ['server/homepage-api/routes/example.ts', "import { x } from '#server/portal/app.ts';", /imports nothing of the portal/],
  ['server/homepage-api/routes/example.ts', "import { x } from '../../portal/config.ts';", /imports nothing of the portal/],
  ['client/pages/information/example.tsx', "import { x } from '#client/pages/agree/messages.ts';", /a page imports no other page's files/],
  ['client/pages/information/example.tsx', "import { x } from '../agree/messages.ts';", /a page imports no other page's files/],
  ['client/shell/example.tsx', "import { lazy as x } from 'react';", /made with lazyHere/],
  ['client/pages/mypage/example.tsx', "import { lazy as x, Suspense } from 'react';", /made with lazyHere/],
];

for (const [file, source, message] of forbidden) {
  t.test(`${file}: ${source}`, async (t) => {
    const found = await refusals(file, source);
    t.equal(found.length, 1, 'reported once');
    t.match(found[0], message);
  });
}

const allowed: [string, string][] = [
  ['client/pages/information/example.tsx', "import { x } from './messages.ts';"],
  ['client/pages/information/example.tsx', "import { x } from '#client/components/consent-messages.ts';"],
  ['client/pages/information/example.tsx', "import { x } from '#shared/messages.ts';"],
  ['client/entry-server.tsx', "import { x } from 'react-dom/server';"],
  ['client/components/lazy-part.tsx', "import { lazy as x } from 'react';"],
  ['client/shell/example.tsx', "import { Suspense as x } from 'react';"],
  ['server/portal/app.ts', "import { x } from '#shared/contract/operations.ts';"],
  ['server/homepage-api/app.ts', "import { x } from '../logger.ts';"],
  ['server/main.ts', "import { x } from './homepage-api/embedded.ts';"],
];

for (const [file, source] of allowed) {
  t.test(`allowed: ${file}: ${source}`, async (t) => {
    t.same(await refusals(file, source), []);
  });
}
