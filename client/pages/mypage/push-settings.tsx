/**
 * 알림 on my page (decision 0066): the member turns Web Push reminders on and
 * off for this browser and chooses which reminders and at what hour. The browser's permission
 * is asked only after the member's tap on 알림 받기; the subscription (PushSubscription.toJSON())
 * is stored as the spec's fcm_token with POST /user/push, and turning off forgets it with
 * DELETE /user/push. A refusal is stored as `denied` and the section says how to allow it.
 * Its own chunk: loaded by my page only, never by the shell.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import type { PushConfigAnswer, PushState, PushStateAnswer, ReminderChoice } from '#shared/contract/push.ts';
import { homepage } from '#client/api/homepage.ts';
import { newWriteKey } from '#client/forms/drafts.ts';
import { announce } from '#client/shell/announce.ts';
import { currentSubscription, readBrowserPush, subscribe } from './push-browser.ts';
import { pushText } from './push-messages.ts';
import { anyReminder, hourChoices, parseHour, pushView, subscriptionBody, type BrowserPush, type Hours } from './push-state.ts';

interface Props {
  config: PushConfigAnswer | ErrorAnswer;
  state: PushStateAnswer | ErrorAnswer;
}

export function PushSettings({ config, state }: Props) {
  if (config.result !== 'success') return <p className="empty">{config.msg}</p>;
  const { enabled_yn, vapid_public_key, reminder_hours } = config.push_config;
  if (enabled_yn !== 'Y' || !vapid_public_key) return <p className="push__state">{pushText.disabled}</p>;
  if (state.result !== 'success') return <p className="empty">{state.msg}</p>;
  return <PushControl serverKey={vapid_public_key} hours={reminder_hours} initial={state.push} />;
}

const REMINDERS: readonly [keyof ReminderChoice, string][] = [
  ['challenge', pushText.challenge],
  ['points_expiring', pushText.pointsExpiring],
  ['club_meeting', pushText.clubMeeting],
];

interface Said {
  text: string;
  error: boolean;
}

function PushControl({ serverKey, hours, initial }: { serverKey: string; hours: Hours; initial: PushState }) {
  const [browser, setBrowser] = useState<BrowserPush>({ support: 'checking' });
  const [stored, setStored] = useState(initial);
  const [reminders, setReminders] = useState(initial.reminders);
  const [hour, setHour] = useState(String(initial.reminder_hour));
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);
  const acted = useRef(false);
  const switchRef = useRef<HTMLButtonElement>(null);
  const deniedRef = useRef<HTMLDivElement>(null);
  const view = pushView(true, browser, stored);

  // This browser's support, permission and subscription: known only here, after hydration.
  useEffect(() => {
    let live = true;
    readBrowserPush().then(
      (b) => live && setBrowser(b),
      () => live && setBrowser({ support: 'unsupported' }),
    );
    return () => {
      live = false;
    };
  }, []);

  // After a refusal the switch is gone: focus goes to what replaced it.
  useEffect(() => {
    if (view.kind === 'denied' && acted.current) deniedRef.current?.focus();
  }, [view.kind]);

  // Shown under the switch and said by the announcer (decision 0143), refusals as well.
  const say = (text: string, error = false) => {
    setSaid({ text, error });
    announce(text);
  };
  const api = homepage();

  async function run(work: () => Promise<void>): Promise<void> {
    acted.current = true;
    setBusy(true);
    setSaid(null);
    try {
      await work();
    } catch {
      say(pushText.failed, true);
    } finally {
      setBusy(false);
    }
  }

  /** The choices as the API takes them, or null (and a message) when they are not valid. */
  function choices(): { reminder_hour: number; reminders: ReminderChoice } | null {
    const h = parseHour(hour, hours);
    if (h === null) say(pushText.badHour, true);
    else if (!anyReminder(reminders)) say(pushText.noneChosen, true);
    else return { reminder_hour: h, reminders };
    return null;
  }

  async function store(subscription: PushSubscription, chosen: NonNullable<ReturnType<typeof choices>>, done: (msg?: string) => string) {
    const fcm = subscriptionBody(subscription.toJSON());
    if (!fcm) return say(pushText.failed, true);
    const a = await api.post('/user/push', { body: { fcm_token: fcm, ...chosen }, idempotencyKey: newWriteKey() });
    if (a.result !== 'success') return say(a.msg, true);
    setStored(a.push);
    setBrowser({ support: 'supported', permission: 'granted', endpoint: subscription.endpoint });
    say(done(a.msg));
  }

  function turnOn() {
    const chosen = choices();
    if (!chosen) return;
    // The permission prompt belongs to the member's tap: asked here, before anything else waits.
    const asked = Notification.permission === 'granted' ? Promise.resolve<NotificationPermission>('granted') : Notification.requestPermission();
    void run(async () => {
      const permission = await asked;
      if (permission === 'denied') {
        const a = await api.delete('/user/push', { query: { notification_permission: 'denied' }, idempotencyKey: newWriteKey() });
        if (a.result === 'success') setStored(a.push);
        setBrowser({ support: 'supported', permission: 'denied', endpoint: null });
        return say(pushText.refused, true);
      }
      if (permission !== 'granted') return say(pushText.dismissed, true);
      await store(await subscribe(serverKey), chosen, (msg) => msg ?? pushText.on);
    });
  }

  function turnOff(here: boolean) {
    void run(async () => {
      const a = await api.delete('/user/push', { query: { notification_permission: 'default' }, idempotencyKey: newWriteKey() });
      if (a.result !== 'success') return say(a.msg, true);
      // Forget the stored subscription first: a browser still subscribed costs nothing.
      if (here) await currentSubscription().then((s) => s?.unsubscribe()).catch(() => false);
      setStored(a.push);
      if (here) setBrowser({ support: 'supported', permission: Notification.permission, endpoint: null });
      say(a.msg ?? pushText.off);
      switchRef.current?.focus();
    });
  }

  function save() {
    const chosen = choices();
    if (!chosen) return;
    void run(async () => {
      const subscription = await currentSubscription();
      if (!subscription) return say(pushText.failed, true);
      await store(subscription, chosen, () => pushText.saved);
    });
  }

  let body: ReactNode;
  if (view.kind === 'checking') {
    body = (
      <>
        <p className="push__state">{pushText.checking}</p>
        <noscript>
          <p className="push__state">{pushText.noScript}</p>
        </noscript>
      </>
    );
  } else if (view.kind === 'unsupported') {
    body = <p className="notice-box">{pushText.unsupported}</p>;
  } else if (view.kind === 'denied') {
    body = (
      <div className="notice-box notice-box--warning push__denied" ref={deniedRef} tabIndex={-1}>
        <div>
          <p className="push__strong">{pushText.denied}</p>
          <ul className="push__howto">
            {pushText.deniedHowTo.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
    );
  } else {
    const on = view.kind === 'on';
    const status = on ? pushText.on : view.kind === 'elsewhere' ? pushText.elsewhere : view.kind === 'off' && view.expired ? pushText.expired : pushText.off;
    body = (
      <div className="push__grid">
        <div className="push__switch-row">
          <button
            ref={switchRef}
            type="button"
            className="switch"
            aria-pressed={on}
            aria-describedby="push-status"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (busy) return;
              if (on) turnOff(true);
              else turnOn();
            }}
          >
            <span className="switch__label">{pushText.switchLabel}</span>
            <span className="switch__track" aria-hidden="true">
              <span className="switch__thumb" />
            </span>
          </button>
          <p id="push-status" className="push__state">
            {status}
          </p>
          {view.kind === 'elsewhere' && (
            <button type="button" className="btn btn--tertiary btn--small" aria-disabled={busy || undefined} onClick={() => !busy && turnOff(false)}>
              {pushText.offElsewhere}
            </button>
          )}
        </div>
        <div className="push__options">
          <fieldset className="field push__choices">
            <legend className="field__label">{pushText.choices}</legend>
            <div className="check-list push__checks">
              {REMINDERS.map(([kind, label]) => (
                <label key={kind} className="check">
                  <input
                    type="checkbox"
                    checked={reminders[kind] === 'Y'}
                    onChange={(e) => setReminders((r) => ({ ...r, [kind]: e.target.checked ? 'Y' : 'N' }))}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field push__hour">
            <label className="field__label" htmlFor="push-hour">
              {pushText.hour}
            </label>
            <select
              id="push-hour"
              className="select"
              value={hour}
              disabled={reminders.challenge !== 'Y'}
              aria-describedby="push-hour-hint"
              onChange={(e) => setHour(e.target.value)}
            >
              {hourChoices(hours).map((h) => (
                <option key={h} value={h}>
                  {pushText.hourName(h)}
                </option>
              ))}
            </select>
            <p id="push-hour-hint" className="field__hint">
              {pushText.hourHint}
            </p>
          </div>
          <div className="card__actions push__actions">
            {on ? (
              <button type="button" className="btn btn--secondary btn--small" aria-disabled={busy || undefined} onClick={() => !busy && save()}>
                {pushText.save}
              </button>
            ) : (
              <p className="field__hint">{pushText.appliesOnTurnOn}</p>
            )}
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="push" aria-busy={busy || undefined}>
      <p className="push__intro">{pushText.intro}</p>
      {body}
      <p id="push-said" className={said ? `form-message${said.error ? ' form-message--error' : ''}` : 'push__said'}>
        {busy ? pushText.busy : (said?.text ?? '')}
      </p>
    </div>
  );
}
