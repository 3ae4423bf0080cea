/**
 * The Dockerfile (decision 0015), read without Docker: base images pinned by digest, the
 * app copied as root (read-only for the runtime user), `USER node`, and /data (DATA_DIR)
 * the only place made writable for it.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

/** Instructions with their arguments; continuation lines joined, comments dropped. */
function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending = '';
  let start = 0;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) return;
    if (pending === '') start = i + 1;
    if (line.startsWith('#')) return;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      return;
    }
    const full = pending + line;
    pending = '';
    const m = /^(\S+)\s*(.*)$/.exec(full);
    if (m) out.push({ keyword: (m[1] ?? '').toUpperCase(), args: m[2] ?? '', line: start });
  });
  return out;
}

const dockerfile = readFileSync(join(import.meta.dirname, '..', '..', '..', 'Dockerfile'), 'utf8');
const all = parseDockerfile(dockerfile);
const froms = all.filter((i) => i.keyword === 'FROM');
const lastFrom = all.lastIndexOf(froms[froms.length - 1] ?? all[0] ?? { keyword: '', args: '', line: 0 });
const runtime = all.slice(lastFrom);

t.test('every FROM is pinned by digest, the same one', async (t) => {
  t.ok(froms.length >= 2, 'a build stage and a runtime stage');
  const digests = new Set<string>();
  for (const from of froms) {
    const m = /^node:24-bookworm-slim@sha256:([0-9a-f]{64})(?:\s+AS\s+\S+)?$/i.exec(from.args);
    t.ok(m, `line ${from.line}: ${from.args}`);
    if (m?.[1]) digests.add(m[1]);
  }
  t.equal(digests.size, 1, 'build and runtime use the same base');
  t.match(dockerfile, /docker buildx imagetools inspect node:24-bookworm-slim/, 'the file says how to bump the digest');
});

t.test('the app is copied as root: no --chown or --chmod on app code', async (t) => {
  const copies = runtime.filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD');
  t.ok(copies.length >= 5, 'the runtime stage copies the app');
  for (const c of copies) t.notMatch(c.args, /--chown|--chmod/, `line ${c.line}: ${c.args}`);
  t.notOk(runtime.some((i) => i.keyword === 'ADD'), 'COPY, not ADD');
});

t.test('the runtime user is node, set before the command', async (t) => {
  const users = runtime.filter((i) => i.keyword === 'USER');
  t.same(users.map((u) => u.args), ['node']);
  const userAt = runtime.findIndex((i) => i.keyword === 'USER');
  const cmdAt = runtime.findIndex((i) => i.keyword === 'CMD');
  t.ok(userAt >= 0 && userAt < cmdAt, 'USER node comes before CMD');
  t.notOk(runtime.slice(userAt).some((i) => i.keyword === 'RUN' || i.keyword === 'COPY'), 'nothing is installed or changed after dropping root');
  t.equal(runtime.find((i) => i.keyword === 'CMD')?.args, '["node", "server/main.ts"]', 'exec form: SIGTERM reaches node');
});

t.test('only /data (DATA_DIR) and what is in it is made writable', async (t) => {
  t.match(runtime.find((i) => i.keyword === 'ENV')?.args ?? '', /DATA_DIR=\/data\b/);
  t.equal(runtime.find((i) => i.keyword === 'VOLUME')?.args, '["/data"]');
  const grants: string[] = [];
  for (const run of runtime.filter((i) => i.keyword === 'RUN')) {
    for (const command of run.args.split(/&&|;|\|\|/).map((c) => c.trim())) {
      const m = /^(chown|chmod|chgrp|setfacl|install)\b(.*)$/.exec(command);
      if (!m) continue;
      const targets = (m[2] ?? '').trim().split(/\s+/).filter((a) => a.startsWith('/') || a.startsWith('.'));
      grants.push(...targets);
      t.ok(targets.length > 0 && targets.every((p) => p === '/data' || p.startsWith('/data/')), `line ${run.line}: ${command} grants only within /data`);
      t.notMatch(command, /\s-R\b|--recursive/, 'not recursive');
    }
  }
  t.ok(grants.includes('/data'), 'a grant exists for /data');
  t.ok(grants.every((p) => p === '/data' || p.startsWith('/data/')), 'and only within it');
  t.notMatch(dockerfile, /chmod\s+[0-7]*[2367]\s|chmod\s+[ao]\+w|chmod\s+777/, 'nothing world-writable');
});
