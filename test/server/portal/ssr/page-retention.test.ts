/**
 * A page is garbage once it is answered (decision 0169). What outlives the answer — the
 * connection's keep-alive timer, the immediate that lets held writes go, React's request until
 * its own immediate has run — must not hold the page: a timer or an immediate keeps the async
 * context it was made in, and inside React's render that context holds React's request and,
 * through the callbacks it was given, the whole page.
 *
 * - The body's end and the write batch's immediate run outside the render's async context
 *   (page-stream.ts), checked with an AsyncLocalStorage standing in for React's.
 * - React's request lets go of the page's callbacks once React is done with it
 *   (client/entry-server.tsx), and an idle keep-alive connection does not keep the last page it
 *   carried: measured with full collections in a process of its own, React as in production
 *   (test/fixtures/page-retention-child.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawnSync } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import t from 'tap';
import { PROJECT_ROOT } from '#server/portal/app.ts';
import { PageStream, batchWrites } from '#server/portal/ssr/page-stream.ts';

/** Stands in for React's request storage: the page's render runs inside it. */
const render = new AsyncLocalStorage<string>();

t.test('the body ends outside the render’s async context', async (t) => {
  const storeAtFinish = await new Promise<string | undefined>((resolve) => {
    const sink = new Writable({
      write(_chunk, _enc, cb) {
        cb();
      },
    });
    sink.on('finish', () => resolve(render.getStore()));
    render.run('the page', () => {
      const body = new PageStream('<head>', () => Promise.resolve('<tail>'));
      body.pipe(sink);
      body.write(Buffer.from('<main>'));
      body.end();
    });
  });
  t.equal(storeAtFinish, undefined, 'what finishes the answer (and re-arms the keep-alive timer) holds no page');
});

t.test('the write batch’s immediate holds neither the response nor the render’s context', async (t) => {
  const stores: (string | undefined)[] = [];
  let corked = 0;
  const socket = {
    destroyed: false,
    get writableCorked() {
      return corked;
    },
    cork() {
      corked++;
    },
    uncork() {
      corked--;
      stores.push(render.getStore());
    },
  };
  const raw = { socket } as unknown as ServerResponse;
  render.run('the page', () => batchWrites(raw)());
  t.equal(corked, 1, 'the socket is held');
  await new Promise((r) => setImmediate(r));
  t.equal(corked, 0, 'and let go at the end of the turn');
  t.same(stores, [undefined], 'outside the render’s context');
});

/** Runs a scenario of test/fixtures/page-retention-child.ts: React in production, full collections at hand. */
function measured(scenario: string): { collected: boolean; detail: string } {
  const run = spawnSync(process.execPath, ['--expose-gc', join(PROJECT_ROOT, 'test/fixtures/page-retention-child.ts'), scenario], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`${scenario} failed (${String(run.status)}): ${run.stderr}`);
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as { collected: boolean; detail: string };
}

t.test('React’s request lets go of the page’s callbacks once the page is written', async (t) => {
  const { collected, detail } = measured('react-callbacks');
  t.ok(collected, `the page the callbacks held is collected (${detail})`);
});

t.test('an idle keep-alive connection does not keep the last page it carried', async (t) => {
  const { collected, detail } = measured('keep-alive');
  t.ok(collected, `the last answer, and all it reaches, is collected (${detail})`);
});
