-- PostgreSQL twin of migrations/0007-push-reminders-goals.sql (decision 0109): the same tables, keys and checks.
-- Web Push reminders (decisions 0110, 0111): the member's push state (spec §3 "Push state":
-- notification_permission, fcm_token) and the reminders they chose.
CREATE TABLE push_states (
  member_id               BIGINT PRIMARY KEY REFERENCES members (member_id),
  notification_permission TEXT    NOT NULL DEFAULT 'default' CHECK (notification_permission IN ('default', 'granted', 'denied')),
  reminder_hour           BIGINT NOT NULL CHECK (reminder_hour BETWEEN 0 AND 23),
  remind_challenge        TEXT    NOT NULL DEFAULT 'Y' CHECK (remind_challenge IN ('Y', 'N')),
  remind_points           TEXT    NOT NULL DEFAULT 'Y' CHECK (remind_points IN ('Y', 'N')),
  remind_club             TEXT    NOT NULL DEFAULT 'Y' CHECK (remind_club IN ('Y', 'N')),
  updated_at              TEXT    NOT NULL
);
CREATE INDEX push_states_hour ON push_states (reminder_hour) WHERE remind_challenge = 'Y';

-- The subscription (the spec's fcm_token): one per member, and an endpoint belongs to one
-- member (a browser signed in as someone else moves to them).
CREATE TABLE push_subscriptions (
  member_id   BIGINT PRIMARY KEY REFERENCES members (member_id),
  endpoint    TEXT    NOT NULL UNIQUE,
  p256dh      TEXT    NOT NULL,
  auth        TEXT    NOT NULL,
  created_at  TEXT    NOT NULL
);

-- The send log: a reminder is claimed (a row inserted) in the transaction that decides to
-- send it, so it goes out at most once per member, kind and the day it is about, whatever
-- restarts or other API processes do. outcome records what the push service answered.
CREATE TABLE push_sends (
  member_id   BIGINT NOT NULL REFERENCES members (member_id),
  kind        TEXT    NOT NULL CHECK (kind IN ('challenge', 'points_expiring', 'club_meeting')),
  day         TEXT    NOT NULL,
  claimed_at  TEXT    NOT NULL,
  outcome     TEXT    NOT NULL DEFAULT 'claimed' CHECK (outcome IN ('claimed', 'sent', 'gone', 'failed')),
  status      BIGINT,
  PRIMARY KEY (member_id, kind, day)
);

-- The next meeting a club's leader announces (the club reminder goes out the day before).
ALTER TABLE book_clubs ADD COLUMN next_meeting_on TEXT;
CREATE INDEX book_clubs_next_meeting ON book_clubs (next_meeting_on) WHERE next_meeting_on IS NOT NULL;

-- Reading statistics (decision 0112): the books a member means to read in a year.
CREATE TABLE reading_goals (
  member_id   BIGINT NOT NULL REFERENCES members (member_id),
  year        TEXT    NOT NULL,
  goal_books  BIGINT NOT NULL CHECK (goal_books BETWEEN 1 AND 365),
  updated_at  TEXT    NOT NULL,
  PRIMARY KEY (member_id, year)
);
