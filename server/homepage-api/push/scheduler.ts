/**
 * When the reminders run (decision 0111): croner jobs in Asia/Seoul, one set per API process
 * (the send log keeps two processes from sending twice). A run still under way is not
 * started again (protect); stop() waits for a run under way before the database closes.
 */
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { ReminderKind } from '../store/push.ts';
import type { Reminders } from './reminders.ts';

export const REMINDER_TIME_ZONE = 'Asia/Seoul' as const;

/** Cron patterns (minute hour day month weekday), Seoul time. */
export const REMINDER_SCHEDULES: Readonly<Record<ReminderKind, string>> = {
  /** Every hour on the hour: the members who chose that hour. */
  challenge: '0 * * * *',
  /** 10:00 on 20–31 December (once a year per member: the send log). */
  points_expiring: '0 10 20-31 12 *',
  /** 18:00 every day: meetings tomorrow. */
  club_meeting: '0 18 * * *',
};

export interface ReminderSchedule {
  /** The next run of each kind (none once stopped). */
  nextRuns(): Record<ReminderKind, Date | null>;
  /** Stops the jobs and waits for a run under way. */
  stop(): Promise<void>;
}

export function startReminderSchedule(reminders: Reminders, log: FastifyBaseLogger): ReminderSchedule {
  const kinds = Object.keys(REMINDER_SCHEDULES) as ReminderKind[];
  const jobs = kinds.map(
    (kind) =>
      [
        kind,
        new Cron(
          REMINDER_SCHEDULES[kind],
          {
            timezone: REMINDER_TIME_ZONE,
            protect: true,
            catch: (err: unknown) => log.error({ err, reminder: kind }, 'reminder run failed'),
          },
          async () => {
            await reminders.run(kind);
          },
        ),
      ] as const,
  );
  const schedule: ReminderSchedule = {
    nextRuns: () => Object.fromEntries(jobs.map(([kind, job]) => [kind, job.nextRun()])) as Record<ReminderKind, Date | null>,
    async stop() {
      for (const [, job] of jobs) job.stop();
      await reminders.idle();
    },
  };
  log.info({ nextRuns: schedule.nextRuns() }, 'reminder scheduler started');
  return schedule;
}
