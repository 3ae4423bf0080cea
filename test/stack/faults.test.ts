/**
 * The production stack under load and faults (decision 0130): the compose topology
 * as local processes (scripts/stack: Caddy with deploy/Caddyfile, two portals, Redis, two
 * reference API instances, PostgreSQL, compose's settings). Members sign in through Caddy,
 * each from a loopback address of its own, and write book diaries at a steady rate (one every
 * 7 s each, under the API's 10 a minute), with a gateway read in between, while in turn:
 *
 *   1. portal-a is killed (SIGKILL) and comes back (as compose's restart policy does);
 *   2. portal-b is restarted with SIGTERM (a rolling restart: it drains);
 *   3. homepage-api-a is killed (SIGKILL) and comes back;
 *   4. PostgreSQL stops at once (immediate) for 5 s, then starts;
 *   5. Redis is restarted.
 *
 * Each fault's window runs from the fault until the faulted piece serves again and half the
 * members have had a write acknowledged since; meanwhile other members sign in afresh, one every
 * 2 s. Asserted: no acknowledged write is lost (read
 * back from the database), no diary day earns twice (the ledger), no member is signed out,
 * every failed answer is a Korean message of the messages modules, with Retry-After on 503
 * and 429, and a sign-out on one portal holds on the other, before and after the faults.
 * The windows are printed, not asserted: the machine may be shared.
 *
 * The one setting not compose's: access tokens live 20 s (ACCESS_TOKEN_TTL_S), so members
 * refresh their sessions during every fault.
 */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { apiMessages } from '#shared/messages-api.ts';
import { messages } from '#shared/messages.ts';
import { serverMessages } from '#shared/messages-server.ts';
import { loopbackAddress, membersWhoCanSignIn, seededIsbn, StackMember, type Answer } from '#scripts/stack/member.ts';
import { skipWithoutPackages, startStack, type Service, type Stack } from '#scripts/stack/stack.ts';
import type { PortalProcess, RunningProcess } from '#test/fixtures/process.ts';

const skip = skipWithoutPackages();

const MEMBERS = 24;
/** Members who sign in afresh during each fault, in turn (one sign-in every 2 s, each under the per-address limit). */
const PROBERS = 4;
const PERIOD_MS = 7_000;
const WRITES_PER_MINUTE = 10;
const SETTLE_TIMEOUT_MS = 45_000;

/** Every fixed member-facing text of the messages modules the server answers with (and the per-minute refusal as configured). */
function messageTexts(): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.add(v);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  for (const m of [messages, serverMessages, apiMessages]) walk(m);
  out.add(apiMessages.activity.tooManyWrites(WRITES_PER_MINUTE));
  return out;
}

interface Sample {
  member: string;
  kind: 'write' | 'read' | 'signin';
  /** When it was sent and answered, ms since the run began. */
  at: number;
  ms: number;
  status: number;
  ok: boolean;
  msg?: string;
  retryAfter?: string;
  contentType?: string;
  body?: string;
  key?: number;
  points?: number;
  content?: string;
  error?: string;
}

interface Window {
  name: string;
  start: number;
  /** The faulted piece was back (serving) this long after the fault. */
  backMs: number;
  end: number;
}

t.test('members keep working through faults of every piece of the stack', { skip, timeout: 240_000 }, async (t) => {
  const began = performance.now();
  const beganAt = Date.now();
  const now = () => performance.now() - began;
  const events: string[] = [];
  let writing = true;
  const stack: Stack = await startStack({ apiEnv: { ACCESS_TOKEN_TTL_S: '20' }, log: (m) => events.push(`${(now() / 1000).toFixed(1)} s ${m}`) });
  t.teardown(async () => {
    writing = false;
    await stack.stop();
  });
  const startedMs = now();

  const userIds = await membersWhoCanSignIn(stack.databaseUrl, MEMBERS + 1 + PROBERS);
  const members = userIds.slice(0, MEMBERS).map((id, i) => new StackMember(stack.url, id, loopbackAddress(i + 1)));
  const witnessId = userIds[MEMBERS] ?? '';
  t.teardown(() => Promise.all(members.map((m) => m.close())));
  for (const m of members) {
    const signed = await m.signIn();
    if (signed.status !== 200) throw new Error(`${m.userId} could not sign in through Caddy: ${signed.status} ${signed.text.slice(0, 200)}`);
  }
  const isbn = await seededIsbn(members[0] as StackMember);

  // ── the sign-out of one portal holds on the other ────────────────────────────────────
  const portalUrl = (s: Service<PortalProcess>) => `http://127.0.0.1:${s.port}`;
  const witness = new StackMember(stack.url, witnessId, loopbackAddress(MEMBERS + 1));
  t.teardown(() => witness.close());
  t.equal((await witness.signIn()).status, 200, 'the witness signs in through Caddy');
  const stolen = witness.cookies();
  /** Whether a copy of the witness's cookies, replayed on `portal` as they were, gets its access token. */
  const replayedIsSignedIn = async (portal: Service<PortalProcess>) => {
    const copy = new StackMember(portalUrl(portal), witnessId, loopbackAddress(MEMBERS + 2));
    copy.useCookies(stolen);
    const token = await copy.send('GET', '/api/token/access/token');
    copy.useCookies(stolen);
    const page = await copy.send('GET', '/mypage/mypage', { html: true });
    await copy.close();
    return token.status === 200 || page.text.includes(witnessId);
  };
  const [portalA, portalB] = stack.portals;
  t.ok(await replayedIsSignedIn(portalB), 'a copy of its cookies is signed in on portal-b');
  const onA = new StackMember(portalUrl(portalA), witnessId, loopbackAddress(MEMBERS + 1));
  onA.useCookies(stolen);
  t.equal((await onA.signOut()).status, 200, 'the witness signs out on portal-a');
  await onA.close();
  t.notOk(await replayedIsSignedIn(portalB), 'the copy is a visitor on portal-b: no token, no name');

  // ── members write at a steady rate ───────────────────────────────────────────────────
  const samples: Sample[] = [];
  const texts = messageTexts();
  const record = (member: StackMember, kind: Sample['kind'], sentAt: number, answer: Answer | Error, content?: string): Sample => {
    if (answer instanceof Error) {
      const s: Sample = { member: member.userId, kind, at: sentAt, ms: now() - sentAt, status: 0, ok: false, error: answer.message };
      samples.push(s);
      return s;
    }
    const body = answer.json as { result?: string; msg?: string; activity_key?: number; points?: number } | undefined;
    const retryAfter = answer.headers['retry-after'];
    const s: Sample = {
      member: member.userId, kind, at: sentAt, ms: answer.ms, status: answer.status,
      ok: answer.status === 200 && body?.result === 'success',
      ...(typeof body?.msg === 'string' ? { msg: body.msg } : {}),
      ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
      contentType: String(answer.headers['content-type'] ?? ''),
      ...(answer.status !== 200 ? { body: answer.text.slice(0, 300) } : {}),
      ...(typeof body?.activity_key === 'number' ? { key: body.activity_key } : {}),
      ...(typeof body?.points === 'number' ? { points: body.points } : {}),
      ...(content !== undefined ? { content } : {}),
    };
    samples.push(s);
    return s;
  };
  const loop = async (m: StackMember, i: number) => {
    await sleep((PERIOD_MS * i) / MEMBERS);
    for (let seq = 1; writing; seq++) {
      const tick = now();
      const content = `스택 시험 ${m.userId} ${seq}번째 일지`;
      record(m, 'write', tick, await m.writeDiary(isbn, content).catch((e: unknown) => e as Error), content);
      await sleep(Math.max(0, PERIOD_MS / 2 - (now() - tick)));
      const readAt = now();
      record(m, 'read', readAt, await m.send('GET', '/api/v1/homepage/user/point').catch((e: unknown) => e as Error));
      await sleep(Math.max(0, PERIOD_MS - (now() - tick)));
    }
  };
  const loops = members.map((m, i) => loop(m, i));

  /** Resolves once `ok()` holds (checked every 100 ms), or fails after `timeoutMs`. */
  const until = async (what: string, ok: () => boolean | Promise<boolean>, timeoutMs = SETTLE_TIMEOUT_MS) => {
    const from = now();
    while (!(await ok())) {
      if (now() - from > timeoutMs) {
        // What members got meanwhile, to tell a slow machine from a stack that stopped serving.
        const since = samples.filter((s) => s.at >= from);
        const counts = new Map<string, number>();
        for (const s of since) counts.set(`${s.kind} ${s.status}`, (counts.get(`${s.kind} ${s.status}`) ?? 0) + 1);
        const waiting = members.filter((m) => !since.some((s) => s.member === m.userId && s.kind === 'write' && s.ok)).map((m) => m.userId);
        throw new Error([
          `not within ${timeoutMs} ms: ${what}`,
          `answers since: ${[...counts].map(([k, n]) => `${n}× ${k}`).join(', ')}; no write acknowledged for ${waiting.join(' ')}`,
          ...since.filter((s) => !s.ok).slice(-5).map((s) => `${s.member} ${s.kind} ${s.status} ${s.body ?? s.error ?? ''}`),
          ...events.slice(-10),
        ].join('\n'));
      }
      await sleep(100);
    }
  };
  /** Every member had a write acknowledged that was sent after `from`. */
  const everyoneWroteSince = (from: number) => () => members.every((m) => samples.some((s) => s.member === m.userId && s.kind === 'write' && s.ok && s.at >= from));
  /** Half the members had a write acknowledged that was sent after `from` (the writes flow again). */
  const writesFlowSince = (from: number) => () => new Set(samples.filter((s) => s.kind === 'write' && s.ok && s.at >= from).map((s) => s.member)).size >= MEMBERS / 2;
  /** A new process of `service` answered a member's request (a line of its own saying so). */
  const serving = async (service: Service<RunningProcess>, since: number) => {
    const proc = await service.up();
    // The portal's access line and the API's `incoming request` both carry `req.url`.
    await until(`${service.name} serves again`, () => proc.lines.some((l) => /^\/api\//.test(String((l['req'] as { url?: unknown } | undefined)?.url ?? ''))), SETTLE_TIMEOUT_MS);
    return now() - since;
  };
  const probers = userIds.slice(MEMBERS + 1).map((id, i) => new StackMember(stack.url, id, loopbackAddress(MEMBERS + 3 + i)));
  t.teardown(() => Promise.all(probers.map((p) => p.close())));
  /** Sign-ins afresh while `window.open`, one every 2 s, the probers in turn. */
  const probe = async (window: { open: boolean }) => {
    for (let i = 0; window.open; i++) {
      const p = probers[i % probers.length] as StackMember;
      const at = now();
      record(p, 'signin', at, await p.signIn().catch((e: unknown) => e as Error));
      await sleep(Math.max(0, 2_000 - (now() - at)));
    }
  };
  const windows: Window[] = [];
  const fault = async (name: string, inject: () => Promise<void>, back: (start: number) => Promise<number>) => {
    const start = now();
    events.push(`${(start / 1000).toFixed(1)} s fault: ${name}`);
    const window = { open: true };
    const probing = probe(window);
    try {
      await inject();
      const backMs = await back(start);
      await until(`half the members wrote after: ${name}`, writesFlowSince(start + backMs));
      windows.push({ name, start, backMs, end: now() });
    } finally {
      window.open = false;
      await probing;
    }
  };

  await until('every member wrote once', everyoneWroteSince(0));
  const [apiA] = stack.apis;

  await fault('portal-a killed (SIGKILL)', async () => portalA.kill('SIGKILL'), async (start) => serving(portalA, start));
  await fault('portal-b restarted (SIGTERM: drains)', async () => portalB.kill('SIGTERM'), async (start) => serving(portalB, start));
  await fault('homepage-api-a killed (SIGKILL)', async () => apiA.kill('SIGKILL'), async (start) => serving(apiA, start));
  await fault('PostgreSQL stopped for 5 s (immediate)', async () => {
    await stack.postgres.stopServerAsync('immediate');
    await sleep(5_000);
    await stack.postgres.startServerAsync();
  }, async (start) => {
    await until('both APIs ready on PostgreSQL', async () => {
      const ready = await Promise.all(stack.apis.map((a) => fetch(`http://127.0.0.1:${a.port}/readyz`).then((r) => r.ok, () => false)));
      return ready.every(Boolean);
    });
    return now() - start;
  });
  await fault('Redis restarted', async () => stack.redis.kill('SIGTERM'), async (start) => {
    await stack.redis.up();
    await until('both portals on Redis again', async () => {
      const up = await Promise.all(stack.portals.map(async (p) => {
        const listening = (await p.up()).lines.find((l) => l['msg'] === 'portal listening');
        const text = await fetch(`http://127.0.0.1:${String(listening?.['metricsPort'])}/metrics`).then((r) => r.text(), () => '');
        return /^portal_redis_up 1$/m.test(text);
      }));
      return up.every(Boolean);
    });
    return now() - start;
  });

  writing = false;
  await Promise.all(loops);
  const endedMs = now();

  // ── what the run shows ───────────────────────────────────────────────────────────────
  const failed = samples.filter((s) => !s.ok);
  const table = windows.map((w) => {
    const inside = samples.filter((s) => s.at >= w.start && s.at < w.end);
    const bad = inside.filter((s) => !s.ok);
    const firstBad = bad.length ? `${Math.round((bad[0]?.at ?? 0) - w.start)}` : '–';
    const lastBad = bad.length ? `${Math.round((bad.at(-1)?.at ?? 0) + (bad.at(-1)?.ms ?? 0) - w.start)}` : '–';
    const slowest = Math.max(0, ...inside.map((s) => s.ms));
    const kinds = new Map<string, number>();
    for (const s of bad) kinds.set(`${s.status} ${s.kind}`, (kinds.get(`${s.status} ${s.kind}`) ?? 0) + 1);
    const statuses = [...kinds].map(([k, n]) => `${n}× ${k}`).join(', ') || 'none';
    return `| ${w.name} | ${Math.round(w.backMs)} ms | ${bad.length} of ${inside.length} (${statuses}) | ${firstBad} → ${lastBad} ms | ${Math.round(slowest)} ms | ${((w.end - w.start) / 1000).toFixed(1)} s |`;
  });
  const report = [
    '',
    `stack test: ${MEMBERS} members, a diary every ${PERIOD_MS / 1000} s each and a read between; ${samples.length} answers, ${failed.length} failed`,
    '| fault | back after | failed answers in the window | failures from → to (after the fault) | slowest answer | window |',
    '|---|---|---|---|---|---|',
    ...table,
    `stack up in ${(startedMs / 1000).toFixed(1)} s; the faults took ${((endedMs - startedMs) / 1000).toFixed(1)} s; wall time so far ${(now() / 1000).toFixed(1)} s`,
    ...events.map((e) => `  ${e}`),
    // What Caddy saw of the portals (its health checks log only changes and failures).
    ...(stack.caddy.current()?.lines ?? []).filter((l) => typeof l['upstream'] === 'string' || typeof l['host'] === 'string' || l['level'] === 'error').map((l) =>
      `  ${(Number(l['ts']) - beganAt / 1000).toFixed(1)} s caddy: ${String(l['msg'])} ${String(l['host'] ?? l['upstream'] ?? '')} ${String(l['status_code'] ?? l['error'] ?? '')} ${l['request'] ? JSON.stringify((l['request'] as { uri?: unknown }).uri) : ''}`),
    '',
  ].join('\n');
  process.stderr.write(report);
  t.comment(report);

  // ── assertions ───────────────────────────────────────────────────────────────────────
  t.same(failed.filter((s) => s.status === 0), [], 'every request was answered (no connection dropped by Caddy)');
  for (const s of failed.filter((f) => f.status !== 0)) {
    const ok = /json/.test(s.contentType ?? '') && s.msg !== undefined && texts.has(s.msg) && /[가-힣]/.test(s.msg);
    t.ok(ok, `${s.kind} of ${s.member} at ${Math.round(s.at)} ms answered ${s.status} with a Korean message of the messages modules`, ok ? {} : { body: s.body, contentType: s.contentType });
    if (s.status === 503 || s.status === 429) t.ok(s.retryAfter && Number(s.retryAfter) > 0, `${s.status} at ${Math.round(s.at)} ms says when to come back (Retry-After: ${s.retryAfter ?? 'none'})`);
  }
  t.same(failed.filter((s) => s.status === 401 || s.msg === messages.session.ended), [], 'no member was signed out');
  for (const m of members) {
    const info = await m.send('GET', '/api/v1/homepage/user/info');
    t.equal(info.status, 200, `${m.userId} is still signed in after the faults`);
  }

  const acknowledged = samples.filter((s) => s.kind === 'write' && s.ok);
  t.ok(acknowledged.length >= MEMBERS * 6, `${acknowledged.length} writes acknowledged`);
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  t.teardown(() => db.end());
  const stored = await db.query<{ activity_id: string; user_id: string; content: string }>(
    `SELECT a.activity_id, m.user_id, d.content FROM activities a JOIN members m USING (member_id) JOIN diaries d USING (activity_id)
      WHERE a.activity_id = ANY($1::bigint[])`,
    [acknowledged.map((s) => s.key)],
  );
  const byKey = new Map(stored.rows.map((r) => [Number(r.activity_id), r]));
  const lost = acknowledged.filter((s) => byKey.get(s.key ?? 0)?.content !== s.content || byKey.get(s.key ?? 0)?.user_id !== s.member);
  t.same(lost.map((s) => `${s.member} ${s.key ?? '?'}`), [], 'no acknowledged write is lost: each is stored, as written, for its member');
  const doubles = await db.query<{ user_id: string; day: string; n: string }>(
    `SELECT m.user_id, a.day, count(*) AS n FROM point_ledger l JOIN activities a USING (activity_id) JOIN members m ON m.member_id = l.member_id
      WHERE a.activity_type = 'diary' AND l.entry_type = 'earn' AND l.points > 0 AND m.user_id = ANY($1::text[])
      GROUP BY m.user_id, a.day HAVING count(*) > 1`,
    [userIds],
  );
  t.same(doubles.rows, [], 'no member earned twice for a diary day (the ledger)');
  const twice = await db.query(
    `SELECT l.activity_id FROM point_ledger l JOIN activities a USING (activity_id) JOIN members m ON m.member_id = a.member_id
      WHERE a.activity_type = 'diary' AND m.user_id = ANY($1::text[]) GROUP BY l.activity_id HAVING count(*) > 1`,
    [userIds],
  );
  t.same(twice.rows, [], 'no diary has two ledger entries');
  const awarded = acknowledged.filter((s) => (s.points ?? 0) > 0);
  t.ok(awarded.length <= MEMBERS, `at most one awarded diary per member today (${awarded.length})`);

  t.notOk(await replayedIsSignedIn(portalA), 'after the faults (both portals and Redis restarted), the signed-out copy is a visitor on portal-a');
  t.notOk(await replayedIsSignedIn(portalB), 'and on portal-b');
  t.comment(`wall time ${(now() / 1000).toFixed(1)} s`);
});
