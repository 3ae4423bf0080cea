/**
 * 알림 in a DOM with a stand-in browser (Notification, PushManager, a service worker
 * registration) and a stand-in gateway (fetch): the permission is asked only by the tap, a
 * refusal is stored as denied, turning on stores the subscription with the choices, turning
 * off forgets it. The real browser path is test/e2e/push.spec.ts.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushConfigAnswer, PushState, PushStateAnswer } from '#shared/contract/push.ts';
import { pushText } from './push-messages.ts';
import { PushSettings } from './push-settings.tsx';

const KEY = 'BPt6oRv3wWqk8GxVbe3uS6f3xQf2VbW5ZSvJm8q7xS0m9c4sYJkGf8p6QzD7bVY2y1rD0kQ3mR5tV8xW1yZ2aBc';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/unit-test';
const HOURS = { min: 7, max: 22, default: 20 };
const config = (enabled: boolean): PushConfigAnswer => ({
  result: 'success',
  push_config: { enabled_yn: enabled ? 'Y' : 'N', vapid_public_key: enabled ? KEY : null, reminder_hours: HOURS, time_zone: 'Asia/Seoul' },
});
const state = (over: Partial<PushState> = {}): PushStateAnswer => ({
  result: 'success',
  push: {
    enabled_yn: 'Y',
    notification_permission: 'default',
    fcm_token: null,
    reminder_hour: 20,
    reminders: { challenge: 'Y', points_expiring: 'Y', club_meeting: 'Y' },
    updated_at: null,
    ...over,
  },
});

interface Call {
  method: string;
  path: string;
  query?: Record<string, string>;
  body: unknown;
}
let calls: Call[];
let answer: (call: Call) => PushStateAnswer;

function stubGateway() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const [path = url, search] = url.split('?');
      const call: Call = { method: init.method ?? 'GET', path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      if (search) call.query = Object.fromEntries(new URLSearchParams(search));
      calls.push(call);
      return Promise.resolve(new Response(JSON.stringify(answer(call)), { headers: { 'content-type': 'application/json' } }));
    }),
  );
}

/** A browser with the Push API: a registration whose subscription the test can read. */
function stubBrowser(permission: NotificationPermission, requestPermission: () => Promise<NotificationPermission>) {
  let current: { endpoint: string; unsubscribe: () => Promise<boolean>; toJSON: () => PushSubscriptionJSON; options: { applicationServerKey: ArrayBuffer } } | null = null;
  const unsubscribed = vi.fn();
  const subscribe = vi.fn((options: PushSubscriptionOptionsInit) => {
    current = {
      endpoint: ENDPOINT,
      options: { applicationServerKey: new Uint8Array(Buffer.from(String(options.applicationServerKey), 'base64url')).buffer },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }),
      unsubscribe: () => {
        current = null;
        unsubscribed();
        return Promise.resolve(true);
      },
    };
    return Promise.resolve(current);
  });
  const registration = { pushManager: { getSubscription: () => Promise.resolve(current), subscribe } };
  const notification = { permission, requestPermission: vi.fn(requestPermission) };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration), ready: Promise.resolve(registration), register: vi.fn() },
  });
  return { notification, subscribe, unsubscribed };
}

beforeEach(() => {
  stubGateway();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('알림 on my page', () => {
  it('says plainly that the portal sends no reminders when the server has no keys', () => {
    render(<PushSettings config={config(false)} state={state({ enabled_yn: 'N' })} />);
    expect(screen.getByText(pushText.disabled)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says this browser cannot have 알림 when it has no Push API, with no control', async () => {
    render(<PushSettings config={config(true)} state={state()} />);
    await screen.findByText(pushText.unsupported);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('asks the permission only on the tap; a refusal is stored as denied and says how to allow it', async () => {
    answer = (call) => state({ notification_permission: call.method === 'DELETE' ? 'denied' : 'default' });
    const { notification, subscribe } = stubBrowser('default', () => Promise.resolve('denied'));
    render(<PushSettings config={config(true)} state={state()} />);
    const toggle = await screen.findByRole('button', { name: pushText.switchLabel });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(notification.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(toggle);
    // Asked within the click itself (browsers want the member's gesture), not after an await.
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
    await screen.findByText(pushText.refused);
    const denied = screen.getByText(pushText.denied).closest('.push__denied');
    // Focus moves in an effect after the refusal is shown: wait for it, not for a time.
    await waitFor(() => expect(document.activeElement).toBe(denied));
    for (const line of pushText.deniedHowTo) expect(screen.getByText(line)).toBeTruthy();
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/v1/homepage/user/push', query: { notification_permission: 'denied' } }]);
    expect(subscribe).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: pushText.switchLabel })).toBeNull();
  });

  it('a dismissed prompt stores nothing and asks to tap again', async () => {
    const { subscribe } = stubBrowser('default', () => Promise.resolve('default'));
    render(<PushSettings config={config(true)} state={state()} />);
    fireEvent.click(await screen.findByRole('button', { name: pushText.switchLabel }));
    await screen.findByText(pushText.dismissed);
    expect(calls).toEqual([]);
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('turns on with the chosen reminders and hour, then off again', async () => {
    answer = (call) =>
      call.method === 'POST'
        ? { ...state({ notification_permission: 'granted', fcm_token: ENDPOINT, reminder_hour: 8, reminders: { challenge: 'Y', points_expiring: 'N', club_meeting: 'Y' } }), msg: '알림을 켰습니다. 챌린지 출석 알림은 매일 8시에 보내 드립니다.' }
        : { ...state(), msg: '알림을 껐습니다.' };
    const { notification, subscribe, unsubscribed } = stubBrowser('granted', () => Promise.resolve('granted'));
    render(<PushSettings config={config(true)} state={state()} />);
    const toggle = await screen.findByRole('button', { name: pushText.switchLabel });
    fireEvent.click(screen.getByRole('checkbox', { name: pushText.pointsExpiring }));
    fireEvent.change(screen.getByRole('combobox', { name: pushText.hour }), { target: { value: '8' } });
    fireEvent.click(toggle);
    await screen.findByText('알림을 켰습니다. 챌린지 출석 알림은 매일 8시에 보내 드립니다.');
    expect(notification.requestPermission, 'already granted: not asked again').not.toHaveBeenCalled();
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY });
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v1/homepage/user/push',
        body: {
          fcm_token: { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } },
          reminder_hour: 8,
          reminders: { challenge: 'Y', points_expiring: 'N', club_meeting: 'Y' },
        },
      },
    ]);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(pushText.on)).toBeTruthy();

    fireEvent.click(toggle);
    await screen.findByText('알림을 껐습니다.');
    expect(calls[1]).toEqual({ method: 'DELETE', path: '/api/v1/homepage/user/push', query: { notification_permission: 'default' } });
    await waitFor(() => expect(unsubscribed).toHaveBeenCalledTimes(1));
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('refuses to turn on with no reminder chosen, before asking the browser', async () => {
    const { notification } = stubBrowser('default', () => Promise.resolve('granted'));
    render(<PushSettings config={config(true)} state={state()} />);
    const toggle = await screen.findByRole('button', { name: pushText.switchLabel });
    for (const name of [pushText.challenge, pushText.pointsExpiring, pushText.clubMeeting]) fireEvent.click(screen.getByRole('checkbox', { name }));
    fireEvent.click(toggle);
    await screen.findByText(pushText.noneChosen);
    expect(notification.requestPermission).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('says 알림 is on for another device when the stored endpoint is not this browser’s', async () => {
    answer = () => ({ ...state(), msg: '알림을 껐습니다.' });
    stubBrowser('granted', () => Promise.resolve('granted'));
    render(<PushSettings config={config(true)} state={state({ notification_permission: 'granted', fcm_token: 'https://fcm.googleapis.com/fcm/send/other' })} />);
    await screen.findByText(pushText.elsewhere);
    const toggle = screen.getByRole('button', { name: pushText.switchLabel });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: pushText.offElsewhere }));
    await screen.findByText(pushText.off);
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/v1/homepage/user/push', query: { notification_permission: 'default' } }]);
    expect(document.activeElement).toBe(toggle);
  });
});
