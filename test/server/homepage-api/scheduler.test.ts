/**
 * When the reminders run (croner, Asia/Seoul), and that each API process runs one schedule:
 * `npm run start:api` (main.ts) and the portal's embedded API (worker.ts) start it when the
 * VAPID keys are set, stop it on close, and say that push is off without them.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Cron } from 'croner';
import webPush from 'web-push';
import { buildHomepageApi } from '#server/homepage-api/app.ts';
import { REMINDER_SCHEDULES, REMINDER_TIME_ZONE } from '#server/homepage-api/push/scheduler.ts';
import { settingsFromEnv } from '#server/homepage-api/settings.ts';
import { spawnApi } from './helpers.ts';

const VAPID = { ...webPush.generateVAPIDKeys(), subject: 'mailto:reading@library.example.org' };
const VAPID_ENV = { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: VAPID.subject };

/** The next `n` runs of a pattern after `from`, as Seoul ISO times. */
function nextRuns(pattern: string, from: string, n: number): string[] {
  const job = new Cron(pattern, { timezone: REMINDER_TIME_ZONE, paused: true });
  const seoul = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 16);
  return job.nextRuns(n, new Date(from)).map(seoul);
}

t.test('the schedules, in Seoul time', async (t) => {
  t.same(nextRuns(REMINDER_SCHEDULES.challenge, '2026-11-21T19:30:00+09:00', 3), ['2026-11-21T20:00', '2026-11-21T21:00', '2026-11-21T22:00'], 'every hour on the hour');
  t.same(nextRuns(REMINDER_SCHEDULES.points_expiring, '2026-06-01T00:00:00+09:00', 3), ['2026-12-20T10:00', '2026-12-21T10:00', '2026-12-22T10:00'], '20–31 December at 10:00');
  t.same(nextRuns(REMINDER_SCHEDULES.points_expiring, '2026-12-31T10:30:00+09:00', 1), ['2027-12-20T10:00'], 'then next year');
  t.same(nextRuns(REMINDER_SCHEDULES.club_meeting, '2026-11-21T18:00:00+09:00', 2), ['2026-11-22T18:00', '2026-11-23T18:00'], 'daily at 18:00');
});

t.test('an app that schedules reminders runs the three jobs until it closes', async (t) => {
  const app = await buildHomepageApi({ dbFile: ':memory:', settings: { push: { vapid: VAPID } }, scheduleReminders: true });
  const schedule = app.reminderSchedule;
  t.ok(schedule, 'scheduled');
  const next = schedule?.nextRuns();
  const inAnHour = Date.now() + 3600_000 + 1000;
  t.ok(next?.challenge && next.challenge.getTime() <= inAnHour && next.challenge.getUTCMinutes() === 0, 'the challenge job runs within the hour, on the hour');
  t.ok(next?.club_meeting && (next.club_meeting.getUTCHours() + 9) % 24 === 18, 'the club job at 18:00 Seoul');
  t.ok(next?.points_expiring && next.points_expiring.getUTCMonth() === 11, 'the year-end job in December');
  await app.close();
  t.same(schedule?.nextRuns(), { challenge: null, points_expiring: null, club_meeting: null }, 'stopped on close');

  const off = await buildHomepageApi({ dbFile: ':memory:', settings: { push: { vapid: null } }, scheduleReminders: true });
  t.equal(off.reminderSchedule, null, 'no keys: no schedule');
  await off.close();
  const tests = await buildHomepageApi({ dbFile: ':memory:', settings: { push: { vapid: VAPID } } });
  t.equal(tests.reminderSchedule, null, 'not asked: no schedule (tests run the reminders directly)');
  await tests.close();
});

t.test('the VAPID settings: all three or none, a matching pair, secrets never echoed', async (t) => {
  t.equal(settingsFromEnv({}).push.vapid, null);
  t.same(settingsFromEnv(VAPID_ENV).push.vapid, VAPID);
  t.same(settingsFromEnv({ PUSH_SERVICE_HOSTS: ' push.example.org , Other.example ' }).push.serviceHosts, ['push.example.org', 'other.example']);
  t.throws(() => settingsFromEnv({ PUSH_SERVICE_HOSTS: 'push.example.org,127.0.0.1,push.example.org:8443' }), /^PUSH_SERVICE_HOSTS must name push services by DNS name: 127\.0\.0\.1, push\.example\.org:8443$/);
  t.throws(() => settingsFromEnv({ VAPID_PUBLIC_KEY: VAPID.publicKey }), /go together: VAPID_PRIVATE_KEY, VAPID_SUBJECT missing/);
  const other = webPush.generateVAPIDKeys();
  t.throws(() => settingsFromEnv({ ...VAPID_ENV, VAPID_PRIVATE_KEY: other.privateKey }), /does not belong to VAPID_PUBLIC_KEY \(value not shown\)/);
  const leaked = `${VAPID.privateKey}x`;
  const message = (() => {
    try {
      settingsFromEnv({ ...VAPID_ENV, VAPID_PRIVATE_KEY: leaked });
      return '';
    } catch (err) {
      return err instanceof Error ? err.message : '';
    }
  })();
  t.match(message, /^VAPID_PRIVATE_KEY must be a VAPID private key: 32 bytes in base64url \(43 characters\), \(value not shown\)$/);
  t.notOk(message.includes(VAPID.privateKey), 'the wrong private key is not in the message');
  t.throws(() => settingsFromEnv({ ...VAPID_ENV, VAPID_SUBJECT: 'reading@library.example.org' }), /^VAPID_SUBJECT must be a mailto: address or an https: URL/);
});

t.test('npm run start:api runs the schedule with keys, says push is off without them, and stops on SIGTERM', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'reminders-main-'));
  const withKeys = await spawnApi(dir, VAPID_ENV);
  t.match(withKeys.output(), /"msg":"reminder scheduler started"/);
  withKeys.child.kill('SIGTERM');
  t.equal(await withKeys.exited, 0, 'stops');

  const without = await spawnApi(dir);
  t.match(without.output(), /"msg":"push reminders are off: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set"/);
  t.notMatch(without.output(), /reminder scheduler started/);
  without.child.kill('SIGTERM');
  t.equal(await without.exited, 0);

  const half = spawn(process.execPath, ['server/homepage-api/main.ts'], { env: { ...process.env, DATA_DIR: dir, VAPID_PUBLIC_KEY: VAPID.publicKey }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  half.stdout.on('data', (c: Buffer) => (out += c.toString()));
  t.equal(await new Promise((resolve) => half.once('exit', resolve)), 1, 'half the keys: the API does not start');
  t.match(out, /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together/);
});

t.test('the portal’s embedded API (worker thread) runs the schedule too', async (t) => {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env, ...VAPID_ENV, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', HOMEPAGE_API_URL: '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'reminders-portal-')),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => void child.kill('SIGKILL'));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines: Record<string, unknown>[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the portal did not start')), 20_000);
    void exited.then((code) => reject(new Error(`the portal exited with ${code} (is it built? npm run build)`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        return;
      }
      if (lines.at(-1)?.['msg'] === 'portal listening') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  t.ok(lines.some((l) => l['name'] === 'homepage-api' && l['msg'] === 'reminder scheduler started'), 'the worker started the schedule');
  child.kill('SIGTERM');
  t.equal(await exited, 0, 'and the portal stops cleanly');
});
