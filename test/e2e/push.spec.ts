/**
 * 알림 on my page (decisions 0066, 0110) in a real browser, on a portal of its own started with a
 * VAPID key pair: reader01 turns reminders on (the stored state becomes granted with this
 * browser's endpoint and the chosen hour), sees them on after a reload, turns them off with the
 * keyboard (default, no endpoint); a refusal is stored as denied; a subscription of another
 * device is named as such; a browser without the Push API gets no control. On the default
 * portal (no keys) the section says the portal sends no reminders. Headless Chromium cannot
 * reach a push service, so PushManager's subscribe/getSubscription are replaced in the page by a
 * stand-in that answers an FCM endpoint with real keys (a P-256 point and a 16-byte secret: the
 * API checks them); the permission, the service worker and everything else are the browser's.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import webPush from 'web-push';
import { DESKTOP, PHONE, expect, hydrated, test, WCAG_TAGS } from './fixtures.ts';
import { signIn } from './sign-in.ts';

const MYPAGE = '/mypage/mypage?search_type=buy';
test.describe.configure({ mode: 'serial' });

const vapid = webPush.generateVAPIDKeys();
test.use({
  portalEnv: {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:reading@library.example.org',
  },
});

interface StandIn {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A subscription as a push service would give it: an FCM endpoint, a P-256 public point and an auth secret. */
function newSubscription(): StandIn {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/**
 * Replaces PushManager's subscribe/getSubscription in the page (never the permission nor the
 * worker): the subscription lives in localStorage, so it survives a reload as a real one does.
 */
async function standInPushService(context: BrowserContext, sub: StandIn): Promise<void> {
  await context.addInitScript((s: StandIn) => {
    const KEY = 'e2e-push-subscription';
    const bytes = (b64url: string) => {
      const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((b64url.length + 3) % 4);
      return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;
    };
    const subscription = (serverKey: string) => ({
      endpoint: s.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytes(serverKey) },
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
      unsubscribe: () => {
        localStorage.removeItem(KEY);
        return Promise.resolve(true);
      },
    });
    PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      if (typeof key !== 'string' || options?.userVisibleOnly !== true) return Promise.reject(new DOMException('bad options', 'NotAllowedError'));
      localStorage.setItem(KEY, key);
      return Promise.resolve(subscription(key) as unknown as PushSubscription);
    };
    PushManager.prototype.getSubscription = function () {
      const key = localStorage.getItem(KEY);
      return Promise.resolve(key === null ? null : (subscription(key) as unknown as PushSubscription));
    };
  }, sub);
}

async function memberContext(browser: Browser, baseURL: string, viewport: { width: number; height: number }, permissions: string[] = ['notifications']) {
  const context = await browser.newContext({ baseURL, viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul', permissions });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { context, page, problems };
}


/** The stored push state, read through the gateway with the page's own session. */
function storedPush(page: Page): Promise<{ notification_permission: string; fcm_token: string | null; reminder_hour: number; reminders: Record<string, string> }> {
  return page.evaluate(async () => {
    const res = await fetch('/api/v1/homepage/user/push', { headers: { 'x-portal-request': '1' } });
    return ((await res.json()) as { push: { notification_permission: string; fcm_token: string | null; reminder_hour: number; reminders: Record<string, string> } }).push;
  });
}

async function openMypage(page: Page) {
  await page.goto(MYPAGE);
  await hydrated(page);
  const section = page.getByRole('region', { name: '알림', exact: true });
  await expect(section).toBeVisible();
  return section;
}

async function axe(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.passes.length, `${what}: axe checked the page`).toBeGreaterThan(10);
  expect(results.violations.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function noSidewaysScroll(page: Page, width: number) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
  const box = await page.getByRole('region', { name: '알림', exact: true }).boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(width);
}

/** The section as the member sees it (attached to the report, to look at). */
async function shot(page: Page, info: TestInfo, name: string) {
  const path = info.outputPath(name);
  await page.getByRole('region', { name: '알림', exact: true }).screenshot({ path });
  await info.attach(name, { path, contentType: 'image/png' });
}

test('turning 알림 on stores this browser’s subscription; after a reload it is on; the keyboard turns it off', async ({ browser, portal }, info) => {
  test.setTimeout(120_000);
  const sub = newSubscription();
  const { context, page, problems } = await memberContext(browser, portal.url, DESKTOP);
  await standInPushService(context, sub);
  await signIn(page);
  const section = await openMypage(page);
  const toggle = section.getByRole('button', { name: '알림 받기' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(section.getByText('알림이 꺼져 있습니다.')).toBeVisible();
  await expect(section.getByRole('checkbox')).toHaveCount(3);
  await section.getByRole('combobox', { name: '챌린지 알림 시각' }).selectOption({ label: '오후 9시' });
  await section.getByRole('checkbox', { name: /포인트 소멸 예정/ }).uncheck();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(section.locator('#push-said')).toHaveText('알림을 켰습니다. 챌린지 출석 알림은 매일 21시에 보내 드립니다.');
  // Said by the portal's one announcer (decision 0143), not by a live region of its own.
  await expect(page.locator('#announcer')).toHaveText('알림을 켰습니다. 챌린지 출석 알림은 매일 21시에 보내 드립니다.');
  await expect(section.getByText('이 기기에서 알림을 받고 있습니다.')).toBeVisible();
  expect(await storedPush(page)).toMatchObject({
    notification_permission: 'granted',
    fcm_token: sub.endpoint,
    reminder_hour: 21,
    reminders: { challenge: 'Y', points_expiring: 'N', club_meeting: 'Y' },
  });
  // The subscription was made with the portal's own service worker, registered and active.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);

  await page.reload();
  await hydrated(page);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(section.getByText('이 기기에서 알림을 받고 있습니다.')).toBeVisible();
  await expect(section.getByRole('combobox', { name: '챌린지 알림 시각' })).toHaveValue('21');
  await expect(section.getByRole('checkbox', { name: /포인트 소멸 예정/ })).not.toBeChecked();
  await shot(page, info, 'push-on-1280.png');
  await axe(page, 'on 1280');
  // KRDS high contrast (화면 설정): the switch and its text stay legible.
  await context.addCookies([{ name: 'portal_display', value: 'high-contrast.normal', url: portal.url }]);
  await page.reload();
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-krds-mode', 'high-contrast');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await shot(page, info, 'push-on-1280-contrast.png');
  await axe(page, 'on 1280 high contrast');

  // Changing the hour while on: saved with the same subscription.
  await section.getByRole('combobox', { name: '챌린지 알림 시각' }).selectOption('7');
  await section.getByRole('button', { name: '알림 설정 저장' }).click();
  await expect(section.locator('#push-said')).toHaveText('알림 설정을 저장했습니다.');
  expect(await storedPush(page)).toMatchObject({ fcm_token: sub.endpoint, reminder_hour: 7 });

  // Keyboard: Tab reaches the switch and the choices in order; Space toggles.
  await toggle.focus();
  await page.keyboard.press('Tab');
  await expect(section.getByRole('checkbox').first()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(section.locator('#push-said')).toHaveText('알림을 껐습니다.');
  await expect(toggle).toBeFocused();
  expect(await storedPush(page)).toMatchObject({ notification_permission: 'default', fcm_token: null });
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription')), 'this browser unsubscribed').toBeNull();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await storedPush(page)).toMatchObject({ notification_permission: 'granted', fcm_token: sub.endpoint, reminder_hour: 7 });
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await storedPush(page)).toMatchObject({ notification_permission: 'default', fcm_token: null });
  expect(problems).toEqual([]);
  await context.close();
});

test('at 360 px: on, then another device’s subscription is named; no sideways scroll; axe clean', async ({ browser, portal }, info) => {
  test.setTimeout(120_000);
  const sub = newSubscription();
  const { context, page, problems } = await memberContext(browser, portal.url, PHONE);
  await standInPushService(context, sub);
  await signIn(page);
  const section = await openMypage(page);
  await shot(page, info, 'push-off-360.png');
  await noSidewaysScroll(page, PHONE.width);
  await axe(page, 'off 360');
  const toggle = section.getByRole('button', { name: '알림 받기' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await noSidewaysScroll(page, PHONE.width);
  await shot(page, info, 'push-on-360.png');

  // This browser forgets its subscription (as another browser of the member would have none).
  await page.evaluate(() => localStorage.removeItem('e2e-push-subscription'));
  await page.reload();
  await hydrated(page);
  await expect(section.getByText('다른 기기에서 알림을 받고 있습니다.', { exact: false })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await noSidewaysScroll(page, PHONE.width);
  await shot(page, info, 'push-elsewhere-360.png');
  await axe(page, 'elsewhere 360');
  await section.getByRole('button', { name: '다른 기기의 알림 끄기' }).click();
  await expect(section.getByText('알림이 꺼져 있습니다.')).toBeVisible();
  expect(await storedPush(page)).toMatchObject({ notification_permission: 'default', fcm_token: null });
  expect(problems).toEqual([]);
  await context.close();
});

test('a refusal in the browser is stored as denied and the page says how to allow it', async ({ browser, portal }, info) => {
  const { context, page, problems } = await memberContext(browser, portal.url, PHONE, []);
  await standInPushService(context, newSubscription());
  // The browser's prompt, answered 차단 (Chromium cannot be told to deny; the answer is kept like the browser's).
  await context.addInitScript(() => {
    const KEY = 'e2e-notification-permission';
    Object.defineProperty(Notification, 'permission', { configurable: true, get: () => localStorage.getItem(KEY) ?? 'default' });
    Notification.requestPermission = () => {
      localStorage.setItem(KEY, 'denied');
      return Promise.resolve('denied');
    };
  });
  await signIn(page);
  const section = await openMypage(page);
  await section.getByRole('button', { name: '알림 받기' }).click();
  await expect(section.locator('#push-said')).toHaveText(/브라우저에서 알림을 거부했습니다/);
  await expect(section.getByText('이 브라우저에서 포털의 알림이 차단되어 있습니다.')).toBeVisible();
  await expect(section.getByText(/사이트 정보 아이콘을 누르고 ‘알림’을 ‘허용’으로 바꿔 주세요/)).toBeVisible();
  await expect(section.getByRole('button', { name: '알림 받기' })).toHaveCount(0);
  expect(await storedPush(page)).toMatchObject({ notification_permission: 'denied', fcm_token: null });
  await page.reload();
  await hydrated(page);
  await expect(section.getByText('이 브라우저에서 포털의 알림이 차단되어 있습니다.')).toBeVisible();
  await noSidewaysScroll(page, PHONE.width);
  await shot(page, info, 'push-denied-360.png');
  await axe(page, 'denied 360');
  expect(problems).toEqual([]);
  await context.close();
});

test('a browser without the Push API gets a plain sentence, no control', async ({ browser, portal }) => {
  const { context, page, problems } = await memberContext(browser, portal.url, DESKTOP);
  await context.addInitScript(() => {
    Reflect.deleteProperty(window, 'PushManager');
  });
  await signIn(page);
  const section = await openMypage(page);
  await expect(section.getByText('이 브라우저에서는 알림을 받을 수 없습니다.', { exact: false })).toBeVisible();
  await expect(section.getByRole('button')).toHaveCount(0);
  await expect(section.getByRole('checkbox')).toHaveCount(0);
  expect(problems).toEqual([]);
  await context.close();
});

test('without VAPID keys (the default portal) 알림 says the portal sends none', async ({ page }, info) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  const section = await openMypage(page);
  await expect(section.getByText('지금은 포털에서 알림을 보내지 않습니다.')).toBeVisible();
  await expect(section.getByRole('button')).toHaveCount(0);
  expect(await page.evaluate(async () => (await (await fetch('/api/v1/homepage/push/config')).json()) as unknown)).toMatchObject({
    push_config: { enabled_yn: 'N', vapid_public_key: null },
  });
  await noSidewaysScroll(page, PHONE.width);
  await shot(page, info, 'push-disabled-360.png');
  await axe(page, 'disabled 360');
  // My page prints as a statement: 알림 is not part of it.
  await page.emulateMedia({ media: 'print' });
  await expect(section).toBeHidden();
});
