/**
 * Nothing a member writes is lost or doubled (issue 38, decisions 0145 and 0147), in Firefox, on
 * the production build and a portal of the suite's own (fresh data), as
 * test/e2e/nothing-lost.spec.ts does it in Chromium:
 * - the answer lost after the write, for the diary, the review and the challenge check-in: the
 *   server answered, the browser is told the connection failed (WebDriver BiDi: an intercept in
 *   the `responseStarted` phase, then `network.failRequest`; bidi.ts). The member sees the
 *   success and its points once; one row and one award are stored (read through the gateway
 *   from the page);
 * - offline at 저장 (BiDi `emulation.setNetworkConditions`: `navigator.onLine` turns false, and
 *   the `online` event fires when it is lifted): the offline words, the waiting note, then back
 *   online the write is sent once and its result told, and the draft is gone;
 * - typed text survives a reload: the draft note, the text, and the draft discarded.
 * Korean is read from the messages modules, never retyped.
 */
import assert from 'node:assert/strict';
import { curatedBooks } from '#server/homepage-api/seed/books.ts';
import { challengeText } from '#client/pages/challenge/messages.ts';
import { diaryPageText } from '#client/pages/diary/messages.ts';
import { reviewText } from '#client/pages/review/messages.ts';
import { wordsOf, writeText } from '#client/api/write-messages.ts';
import { draftRestored, draftText } from '#client/forms/draft-messages.ts';
import { deviceNotesText } from '#client/shell/device-notes-messages.ts';
import { POINTS } from '#shared/contract/programme.ts';
import { HOMEPAGE_PREFIX, PORTAL_HEADER } from '#shared/http.ts';
import { greeting, messages } from '#shared/messages.ts';
import { serverMessages } from '#shared/messages-server.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { earnDone, programmeLabels } from '#shared/messages-programme.ts';
import { HOME_PATH, LOGIN_PATH, hrefOf } from '#shared/routes.ts';
import { READER01 } from '#test/fixtures/members.ts';
import { clickWhenShown, textShown, typeWhenShown, waitFor, type Session } from '../drivers/browser.ts';
import type { FirefoxEngine, FirefoxSession } from '../drivers/firefox.ts';
import { Checked, PHONE, signInWithForm } from './journeys.ts';
import type { RunPortal } from '../drivers/portal.ts';

const DIARY_API = `${HOMEPAGE_PREFIX}/activity/bookdiary`;
const REVIEW_API = `${HOMEPAGE_PREFIX}/activity/bookreview`;
const CHECKIN_API = `${HOMEPAGE_PREFIX}/challenge/checkin`;
const SUBMIT = { css: '.stack-form button[type="submit"]' };
const DIALOG = 'dialog.modal[open] .modal__message';

/** A sentence's pattern with its number free: the sentence is made with 987,654 in the number's place. */
function numberIn(sentence: string): RegExp {
  const escaped = sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace('987,654', '([\\d,]+)'));
}
const EARNED = numberIn(earnDone(987_654));

/** The points a sentence says were earned (0 when it says none were). */
function pointsSaid(sentence: string): number {
  return Number((EARNED.exec(sentence)?.[1] ?? '0').replace(/,/g, ''));
}

/**
 * A homepage API read from inside the page, through the gateway with the page's cookies:
 * started in the page, its answer collected by polling (the same call in every engine).
 */
async function api<T>(s: Session, path: string): Promise<T> {
  const slot = await s.evaluate(
    (url: string, header: string) => {
      const w = window as unknown as { __apiAnswers?: Record<string, string> };
      const answers = (w.__apiAnswers ??= {});
      const id = String(Object.keys(answers).length + Math.random());
      void fetch(url, { headers: { accept: 'application/json', [header]: '1' } })
        .then((r) => r.text())
        .then((t) => (answers[id] = t), (e: unknown) => (answers[id] = JSON.stringify({ fetchFailed: String(e) })));
      return id;
    },
    `${HOMEPAGE_PREFIX}${path}`,
    PORTAL_HEADER,
  );
  const text = await waitFor(`the answer of ${path}`, () =>
    s.evaluate((id: string) => (window as unknown as { __apiAnswers?: Record<string, string> }).__apiAnswers?.[id] ?? null, slot),
  );
  return JSON.parse(text) as T;
}

/** What the member has: the balance, the newest point entry, and the diaries and reviews of a book. */
interface Holdings {
  balance: number;
  /** The newest entry of the point ledger when these were read: awards after it are new. */
  newestEntry: number;
  diaries: number;
  reviews: number;
}

interface Entry {
  entry_key: number;
  entry_type: string;
  points: number;
}

async function ledger(s: Session): Promise<Entry[]> {
  return (await api<{ point_list: Entry[] }>(s, '/user/point/list?size=100')).point_list;
}

async function holdings(s: Session, isbn: string): Promise<Holdings> {
  const point = await api<{ point: { balance: number } }>(s, '/user/point');
  const diaries = await api<{ diary_list: { isbn: string }[] }>(s, '/activity/getbookdiaryinfolist?size=100');
  const reviews = await api<{ review_list: { isbn: string }[] }>(s, '/activity/getbookreviewinfolist?size=100');
  return {
    balance: point.point.balance,
    newestEntry: Math.max(0, ...(await ledger(s)).map((e) => e.entry_key)),
    diaries: diaries.diary_list.filter((d) => d.isbn === isbn).length,
    reviews: reviews.review_list.filter((r) => r.isbn === isbn).length,
  };
}

/** What changed since `before`: rows of the book, awards made (earnings of more than 0 points), the balance. */
async function since(s: Session, isbn: string, before: Holdings): Promise<{ diaries: number; reviews: number; awards: number; balance: number }> {
  const now = await holdings(s, isbn);
  const awards = (await ledger(s)).filter((e) => e.entry_key > before.newestEntry && e.entry_type === 'earn' && e.points > 0);
  return { diaries: now.diaries - before.diaries, reviews: now.reviews - before.reviews, awards: awards.length, balance: now.balance - before.balance };
}

/** The open dialog's sentence, once it says `text`; then 확인 closes it. */
async function dialogSays(s: Session, text: string): Promise<string> {
  const said = await textShown(s, DIALOG, text);
  await clickWhenShown(s, { css: 'dialog.modal[open] .modal__actions button', name: messages.dialog.ok });
  await waitFor('the dialog closed', () => s.evaluate(() => document.querySelector('dialog.modal[open]') === null));
  return said;
}

/** No dialog is open (no error was said), and the page shows one result panel. */
async function saidOnce(s: Session): Promise<void> {
  const seen = await s.evaluate(() => ({ dialogs: document.querySelectorAll('dialog.modal[open]').length, results: document.querySelectorAll('.earn-result').length }));
  assert.deepEqual(seen, { dialogs: 0, results: 1 }, 'the success said once, and nothing else');
}

/**
 * The write form at `path` comes back without a draft note: the draft went with the confirmed
 * write. A diary's form is empty again; a review's shows the stored review, to edit.
 */
async function noDraft(tab: Checked, path: string, field: string, empty: boolean): Promise<void> {
  await tab.open(path);
  const form = await tab.session.evaluate(
    (css: string) => ({
      text: document.querySelector<HTMLTextAreaElement>(css)?.value ?? null,
      note: document.querySelector('.draft-note__text')?.textContent ?? null,
    }),
    field,
  );
  assert.equal(form.note, null, `no draft note at ${path}`);
  if (empty) assert.equal(form.text, '', `an empty form at ${path}`);
}

/** The journeys of the suite, on one portal, in Firefox at phone width, each signed in afresh. */
export class NothingLost {
  readonly #engine: FirefoxEngine;
  #portal: RunPortal | undefined;
  /** Books of the catalogue, one for each write, so no write meets the day's rule for its book. */
  readonly #books = curatedBooks().map((b) => b.isbn);

  constructor(engine: FirefoxEngine) {
    this.#engine = engine;
  }

  use(portal: RunPortal): void {
    this.#portal = portal;
  }

  get portal(): RunPortal {
    assert.ok(this.#portal, 'the portal has started');
    return this.#portal;
  }

  #book(): string {
    const isbn = this.#books.shift();
    assert.ok(isbn, 'a book left to write about');
    return isbn;
  }

  async #signedIn<T>(journey: (tab: Checked<FirefoxSession>) => Promise<T>): Promise<T> {
    const tab = new Checked(await this.#engine.newSession({ viewport: PHONE, javaScript: true }), this.portal, true);
    try {
      await tab.open(LOGIN_PATH);
      await signInWithForm(tab, false);
      await tab.at(HOME_PATH);
      await textShown(tab.session, '.member-bar__greeting', greeting(READER01.name));
      return await journey(tab);
    } finally {
      await tab.close();
    }
  }

  /** The first answer to the POST to `path` is lost while `write` runs: it answers what was said, and how often the POST reached the server. */
  async #lost(tab: Checked<FirefoxSession>, path: string, write: () => Promise<string>): Promise<{ said: string; reached: number }> {
    tab.expect(new RegExp(`request failed: POST \\S+${path.replace(/\//g, '\\/')} `));
    const lost = await tab.session.loseAnswers('POST', path);
    try {
      const said = await write();
      return { said, reached: lost.reached() };
    } finally {
      await lost.stop();
    }
  }

  /** A diary whose answer is lost: 50P said once, one diary stored, one award. */
  async lostDiary(): Promise<void> {
    await this.#signedIn(async (tab) => {
      const s = tab.session;
      const isbn = this.#book();
      const before = await holdings(s, isbn);
      await tab.open(`${hrefOf('diary')}?isbn=${isbn}`);
      await typeWhenShown(s, { css: '#diary-content' }, `${diaryPageText.form} (lost answer)`);
      const { reached } = await this.#lost(tab, DIARY_API, async () => {
        await clickWhenShown(s, SUBMIT);
        return textShown(s, '.earn-result', earnDone(POINTS.diary));
      });
      assert.equal(reached, 2, 'the diary reached the server twice: the lost answer, then the retry with its key');
      await saidOnce(s);
      await tab.check('the diary saved');
      assert.deepEqual(await since(s, isbn, before), { diaries: 1, reviews: 0, awards: 1, balance: POINTS.diary }, 'one diary stored, one award');
      await noDraft(tab, `${hrefOf('diary')}?isbn=${isbn}`, '#diary-content', true);
    });
  }

  /** A review whose answer is lost: its points said once, one review stored, one award. */
  async lostReview(): Promise<void> {
    await this.#signedIn(async (tab) => {
      const s = tab.session;
      const isbn = this.#book();
      const before = await holdings(s, isbn);
      await tab.open(`${hrefOf('review')}?isbn=${isbn}`);
      const hint = `${reviewText.hint} `;
      await typeWhenShown(s, { css: '#review-title' }, `${programmeLabels.review} (lost answer)`);
      await clickWhenShown(s, { css: 'label.rating-option', name: reviewText.ratingOption(5), exact: false });
      await typeWhenShown(s, { css: '#review-content' }, hint.repeat(Math.ceil(240 / hint.length)).slice(0, 240).trim());
      const { reached } = await this.#lost(tab, REVIEW_API, async () => {
        await clickWhenShown(s, SUBMIT);
        return textShown(s, '.earn-result', earnDone(POINTS.review));
      });
      assert.equal(reached, 2, 'the review reached the server twice: the lost answer, then the retry with its key');
      await saidOnce(s);
      await tab.check('the review saved');
      assert.deepEqual(await since(s, isbn, before), { diaries: 0, reviews: 1, awards: 1, balance: POINTS.review }, 'one review stored, one award');
      await noDraft(tab, `${hrefOf('review')}?isbn=${isbn}`, '#review-content', false);
    });
  }

  /** The challenge check-in whose answer is lost: the alert once, checked in once, one award. */
  async lostCheckin(): Promise<void> {
    await this.#signedIn(async (tab) => {
      const s = tab.session;
      const before = await holdings(s, '');
      await tab.open(hrefOf('challenge'));
      // reader01's run is on its 6th day (the seed checked in the five days before); the points are drawn at random.
      const checkedIn = numberIn(apiMessages.challenge.checkedIn(6, 987_654));
      const { said, reached } = await this.#lost(tab, CHECKIN_API, async () => {
        await clickWhenShown(s, { css: 'button[type="submit"]', name: challengeText.checkin });
        return dialogSays(s, apiMessages.challenge.checkedIn(6, 0).split(' ')[0] ?? '');
      });
      assert.equal(reached, 2, 'the check-in reached the server twice: the lost answer, then the retry with its key');
      const points = Number((checkedIn.exec(said)?.[1] ?? 'NaN').replace(/,/g, ''));
      assert.ok(points > 0, `the alert says the check-in and its points (${said})`);
      await textShown(s, '.badge', challengeText.checkedToday);
      await tab.check('checked in');
      const attendance = await api<{ checked_in_today: string }>(s, '/activity/getuserattendancecheck');
      assert.equal(attendance.checked_in_today, 'Y', 'checked in today');
      const { awards, balance } = await since(s, '', before);
      assert.deepEqual({ awards, balance }, { awards: 1, balance: points }, 'one award, of the points said');
    });
  }

  /**
   * Offline at 저장: said so and kept (the waiting note); then back online the diary is sent
   * once, its result told, and the draft is gone. With `reload`, the page is reloaded while still
   * offline (the service worker's offline page, or the page with its waiting note) and the next
   * visit online sends it; without, the `online` event sends it while the page stays open.
   */
  async offline(reload: boolean): Promise<void> {
    await this.#signedIn(async (tab) => {
      const s = tab.session;
      const isbn = this.#book();
      const before = await holdings(s, isbn);
      const path = `${hrefOf('diary')}?isbn=${isbn}`;
      await tab.open(path);
      await typeWhenShown(s, { css: '#diary-content' }, `${diaryPageText.form} (offline${reload ? ', reloaded' : ''})`);
      // Requests the page makes meanwhile fail: that is what offline is.
      tab.expect(/request failed: .* \(NS_ERROR_OFFLINE\)/);
      await s.setOffline(true);
      await waitFor('the page to know it is offline', () => s.evaluate(() => !navigator.onLine));
      await clickWhenShown(s, SUBMIT);
      await dialogSays(s, writeText.offline);
      await textShown(s, '.device-notes', deviceNotesText.waiting(1));
      // Checked once back online: the POST tried offline is in the page's resource list and
      // reaches the portal only then (earlier journeys' POSTs must not be what covers it).

      if (reload) {
        await s.goto(new URL(path, this.portal.origin).href).catch(() => undefined);
        await waitFor('the offline page, or the page with its waiting note', () =>
          s.evaluate(
            (offline: string, waiting: string) => document.body.innerText.includes(offline) || (document.querySelector('.device-notes')?.textContent ?? '').includes(waiting),
            serverMessages.app.offlineTitle,
            deviceNotesText.waiting(1),
          ),
        );
      }
      // The next visit is a page opened once the network is back: the reloaded page is left first
      // (else its own `online` event sends the diary and tells it there, while the test is already
      // opening the next page: a CI run waited on that page for a dialog the old one had).
      if (reload) await s.goto('about:blank');
      await s.setOffline(false);
      if (reload) await tab.open(path);
      const said = await dialogSays(s, wordsOf('/activity/bookdiary').sent);
      await waitFor('the waiting note gone', () => s.evaluate(() => document.querySelector('.device-notes') === null));
      await tab.check('sent when the network came back');
      const points = pointsSaid(said);
      assert.deepEqual(
        await since(s, isbn, before),
        { diaries: 1, reviews: 0, awards: points > 0 ? 1 : 0, balance: points },
        `one diary stored, with the points said (${said})`,
      );
      await noDraft(tab, path, '#diary-content', true);
    });
  }

  /** Typed text survives a reload before it is saved: the draft note and the text; discarded, it is gone. */
  async draftAfterReload(): Promise<void> {
    await this.#signedIn(async (tab) => {
      const s = tab.session;
      const path = `${hrefOf('review')}?isbn=${this.#book()}`;
      const hint = `${reviewText.hint} `;
      const text = hint.repeat(Math.ceil(600 / hint.length)).slice(0, 600).trim();
      const value = () => s.evaluate(() => document.querySelector<HTMLTextAreaElement>('#review-content')?.value ?? null);
      await tab.open(path);
      await typeWhenShown(s, { css: '#review-content' }, text);
      await tab.open(path);
      await textShown(s, '.draft-note__text', draftRestored.review);
      assert.equal(await value(), text, 'the text is back');
      await clickWhenShown(s, { css: '.draft-note button', name: draftText.discard });
      await waitFor('the form emptied', async () => (await value()) === '');
      await tab.open(path);
      assert.equal(await value(), '', 'a discarded draft stays gone');
      assert.equal(await s.evaluate(() => document.querySelector('.draft-note__text') === null), true, 'no draft note');
      await tab.check('the draft discarded');
    });
  }
}

export const NOTHING_LOST: readonly [string, (j: NothingLost) => Promise<void>][] = [
  ['a diary whose answer is lost: the success and its points once, one diary, one award', (j) => j.lostDiary()],
  ['a review whose answer is lost: one review, one award', (j) => j.lostReview()],
  ['the challenge check-in whose answer is lost: said once, checked in once, one award', (j) => j.lostCheckin()],
  ['offline at 저장: said so, then sent once when the network is back, its result told, the draft gone', (j) => j.offline(false)],
  ['offline at 저장, a reload still offline, then back online: the next visit sends it once, the draft gone', (j) => j.offline(true)],
  ['typed text survives a reload, and can be discarded', (j) => j.draftAfterReload()],
];
