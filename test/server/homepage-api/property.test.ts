/**
 * Property test: random sequences of bodies, ids and clock moves driven
 * at the write routes. After every step: no 500, a refused request wrote nothing, the
 * balance the API answers is the ledger's sum, no member ever earned past a monthly
 * or yearly cap or an activity's monthly limit, no member has two reviews of a book or
 * a repeated diary (decision 0113), and the running point figures are the ledger's sums
 * (decision 0146), across months, the turn of the year and its expiry.
 */
import t from 'tap';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { call, curatedBooks, freshMember, login, testApi } from './helpers.ts';
import { DEFAULT_RULES } from '#server/homepage-api/settings.ts';

const MONTHLY_CAP = 2600;
const YEARLY_CAP = 6100;
const ISBNS = curatedBooks().slice(0, 3).map((b) => b.isbn);

const day = (offset: number) => new Date(Date.parse('2026-11-15T12:00:00+09:00') + offset * 86400_000).toISOString().slice(0, 10);

const isbnArb = fc.oneof(
  { arbitrary: fc.constantFrom(...ISBNS), weight: 6 },
  { arbitrary: fc.constant('9780000000002'), weight: 1 },
  { arbitrary: fc.string({ maxLength: 15 }), weight: 1 },
);
const who = fc.constantFrom('a', 'b');
const command = fc.oneof(
  fc.record({ kind: fc.constant('diary' as const), who, body: fc.record({ isbn: isbnArb, content: fc.oneof({ arbitrary: fc.string({ minLength: 1, maxLength: 200 }), weight: 5 }, { arbitrary: fc.string({ maxLength: 230 }), weight: 1 }) }) }),
  fc.record({
    kind: fc.constant('review' as const), who,
    body: fc.record({ isbn: isbnArb, title: fc.string({ maxLength: 110 }), content: fc.integer({ min: 180, max: 1020 }).map((n) => '읽'.repeat(n)), rating: fc.integer({ min: 1, max: 6 }) }),
  }),
  fc.record({
    kind: fc.constant('loan' as const), who,
    body: fc.record({ loan_no: fc.stringMatching(/^[A-Z0-9-]{3,8}$/), isbn: isbnArb, library_code: fc.constantFrom('4313001', '4313001', '4311101', '9999999', ''), loan_date: fc.integer({ min: -16, max: 2 }).map(day) }),
  }),
  fc.record({
    kind: fc.constant('purchase' as const), who,
    body: fc.record({
      bookstore_key: fc.integer({ min: 0, max: 21 }), receipt_no: fc.stringMatching(/^[A-Z0-9]{4,6}$/),
      purchase_date: fc.integer({ min: -16, max: 2 }).map(day), amount: fc.integer({ min: -5, max: 50_000 }),
      book_title: fc.constantFrom('흰', '아몬드'), book_format: fc.constantFrom('paper', 'paper', 'paper', 'ebook', 'audio'),
    }),
  }),
  fc.record({ kind: fc.constant('talk' as const), who, body: fc.record({ check_in_code: fc.constantFrom('TALK2026', 'POEM77', 'CBK1120', 'zz') }) }),
  fc.record({
    kind: fc.constant('edu' as const), who,
    body: fc.record({
      edu_type: fc.constantFrom('lifelong', 'reading_hours', 'nope'),
      certificate_no: fc.integer({ min: 0, max: 30 }).map((n) => `LE-2026-${String(n).padStart(6, '0')}`),
      course_name: fc.constant('인문 독서'), completed_on: fc.integer({ min: -60, max: 1 }).map(day),
    }),
  }),
  fc.record({ kind: fc.constantFrom('start' as const, 'checkin' as const), who }),
  fc.record({ kind: fc.constantFrom('join' as const, 'leave' as const), who, club: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant('meeting' as const), attendees: fc.subarray(['2026000001', '2026000002', '2026000101', '2099999999']), offset: fc.integer({ min: -3, max: 1 }) }),
  fc.record({ kind: fc.constant('penalty' as const), activity: fc.integer({ min: 1, max: 3000 }), days: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('garbage' as const), who, route: fc.constantFrom('/activity/bookdiary', '/activity/bookreview', '/activity/authentication/loan', '/activity/authentication/purchase', '/user/info', '/bookclub/1/meetings', '/admin/penalty'), body: fc.anything() }),
  fc.record({ kind: fc.constant('clock' as const), hours: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 24 * 20 })) }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

async function invariants(app: FastifyInstance): Promise<string[]> {
  const problems: string[] = [];
  const q = async (sql: string) => await app.db.prepare(sql).all();
  for (const r of await q(`SELECT member_id, month, sum(points) AS s FROM point_ledger WHERE entry_type = 'earn' GROUP BY member_id, month HAVING sum(points) > ${MONTHLY_CAP}`)) {
    problems.push(`monthly cap exceeded: ${JSON.stringify(r)}`);
  }
  for (const r of await q(`SELECT member_id, year, sum(points) AS s FROM point_ledger WHERE entry_type = 'earn' GROUP BY member_id, year HAVING sum(points) > ${YEARLY_CAP}`)) {
    problems.push(`yearly cap exceeded: ${JSON.stringify(r)}`);
  }
  for (const r of await q('SELECT member_id, activity_type, month, count(*) AS n FROM activities WHERE points > 0 GROUP BY 1, 2, 3')) {
    const limit = DEFAULT_RULES.activities[String(r['activity_type']) as keyof typeof DEFAULT_RULES.activities].monthlyLimit;
    if (limit !== null && Number(r['n']) > limit) problems.push(`activity limit exceeded: ${JSON.stringify(r)}`);
  }
  for (const r of await q('SELECT member_id, isbn, count(*) AS n FROM reviews GROUP BY member_id, isbn HAVING count(*) > 1')) {
    problems.push(`two reviews of one book: ${JSON.stringify(r)}`);
  }
  for (const r of await q('SELECT member_id, isbn, written_on, count(*) AS n FROM diaries GROUP BY member_id, isbn, written_on, content HAVING count(*) > 1')) {
    problems.push(`a repeated diary: ${JSON.stringify(r)}`);
  }
  for (const r of await q(`SELECT a.activity_id FROM activities a LEFT JOIN point_ledger l ON l.activity_id = a.activity_id AND l.entry_type = 'earn'
                      WHERE l.entry_id IS NULL OR l.points <> a.points`)) {
    problems.push(`activity without its ledger entry: ${JSON.stringify(r)}`);
  }
  for (const m of await app.stores.points.runningMismatches()) problems.push(`running figure ≠ ledger sum: ${JSON.stringify(m)}`);
  return problems;
}

t.test('random writes keep balance = ledger sum and never pass a cap or limit', async (t) => {
  let runs = 0;
  const seen = { ok: 0, refused: 0, zeroPoints: 0 };
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 45 }), async (commands: Command[]) => {
      runs++;
      const api = await testApi({
        start: '2026-11-15T12:00:00+09:00',
        settings: { accessTtlS: 10 * 365 * 86400, rules: { monthlyCap: MONTHLY_CAP, yearlyCap: YEARLY_CAP } },
      });
      try {
        const tokens = { a: (await login(api.app, 'reader01')).access_token, b: await freshMember(api.app) };
        const admin = (await login(api.app, 'admin01')).access_token;
        for (const c of commands) {
          const before = Number((await api.app.db.prepare('SELECT count(*) AS n FROM point_ledger').get())?.['n']);
          let res;
          switch (c.kind) {
            case 'diary': res = await call(api.app, tokens[c.who], 'POST', '/activity/bookdiary', c.body); break;
            case 'review': res = await call(api.app, tokens[c.who], 'POST', '/activity/bookreview', c.body); break;
            case 'loan': res = await call(api.app, tokens[c.who], 'POST', '/activity/authentication/loan', c.body); break;
            case 'purchase': res = await call(api.app, tokens[c.who], 'POST', '/activity/authentication/purchase', c.body); break;
            case 'talk': res = await call(api.app, tokens[c.who], 'POST', '/activity/authentication/authortalk', c.body); break;
            case 'edu': res = await call(api.app, tokens[c.who], 'POST', '/activity/authentication/edu', c.body); break;
            case 'start': res = await call(api.app, tokens[c.who], 'POST', '/challenge/start'); break;
            case 'checkin': res = await call(api.app, tokens[c.who], 'POST', '/challenge/checkin'); break;
            case 'join': res = await call(api.app, tokens[c.who], 'POST', `/bookclub/${c.club}/join`); break;
            case 'leave': res = await call(api.app, tokens[c.who], 'POST', `/bookclub/${c.club}/leave`); break;
            case 'meeting': {
              const held = new Date(api.clock.ms + 9 * 3600_000 + c.offset * 86400_000).toISOString().slice(0, 10);
              res = await call(api.app, tokens.a, 'POST', '/bookclub/1/meetings', { held_on: held, topic: '모임', attendees: c.attendees });
              break;
            }
            case 'penalty': res = await call(api.app, admin, 'POST', '/admin/penalty', { activity_key: c.activity, reason: '점검', suspend_days: c.days }); break;
            case 'garbage': res = await call(api.app, tokens[c.who], 'POST', c.route, c.body); break;
            case 'clock': api.clock.advance(c.hours * 3600); continue;
          }
          if (res.statusCode < 300) {
            seen.ok++;
            if ((res.json() as { points?: number }).points === 0) seen.zeroPoints++;
          } else seen.refused++;
          if (res.statusCode >= 500) throw new Error(`${c.kind} answered ${res.statusCode}: ${res.body}`);
          const body = res.json() as { result?: string; msg?: string };
          if (res.statusCode >= 400) {
            if (body.result !== 'error' || typeof body.msg !== 'string' || !/[가-힣]/.test(body.msg)) throw new Error(`error without Korean msg: ${res.body}`);
            const after = Number((await api.app.db.prepare('SELECT count(*) AS n FROM point_ledger').get())?.['n']);
            if (after !== before) throw new Error(`${c.kind} refused with ${res.statusCode} but wrote to the ledger`);
          }
          for (const [userId, token] of [['reader01', tokens.a], ['reader02', tokens.b]] as const) {
            const p = (await call(api.app, token, 'GET', '/user/point')).json().point as { balance: number; earned_month: number };
            const sum = Number(
              (await api.app.db.prepare('SELECT coalesce(sum(l.points), 0) AS n FROM point_ledger l JOIN members m USING (member_id) WHERE m.user_id = ?').get(userId))?.['n'],
            );
            if (p.balance !== sum) throw new Error(`${userId}: balance ${p.balance} ≠ ledger ${sum}`);
          }
          const problems = await invariants(api.app);
          if (problems.length) throw new Error(problems.join('\n'));
        }
      } finally {
        await api.close();
      }
    }),
    { numRuns: 12, seed: Number(process.env['FC_SEED'] ?? 20261121), endOnFailure: true },
  );
  t.ok(runs >= 12, `${runs} random runs`);
  t.ok(seen.ok > 20 && seen.refused > 20 && seen.zeroPoints > 0, `writes accepted ${seen.ok}, refused ${seen.refused}, recorded with 0 points ${seen.zeroPoints}`);
});
