/**
 * The screen-reader journey (issue 39, decision 0143): a member on a 360 px phone with a screen
 * reader — the virtual screen reader driven swipe by swipe (screen-reader.ts) in the production
 * build — uses the skip link, signs in (a wrong password first), opens 나의 활동, writes a diary
 * with the book picker, a review, checks in on the 21일 챌린지 through the mobile menu, reads
 * 마이페이지 → 포인트 내역, changes 화면 설정 and signs out. Each step asserts what is heard —
 * every outcome once, in words, with its figures — and a budget of content stops; no control may
 * be spoken without a name. It writes, so it has a portal of its own.
 *
 * SR_TRANSCRIPT=1 prints each step's phrases and stops.
 */
import { expect, PHONE, test } from './fixtures.ts';
import { READER } from './sign-in.ts';
import { withReader, type Reader } from './screen-reader.ts';

test.use({ portalEnv: {}, viewport: PHONE, serviceWorkers: 'block' });

/** Content stops each step may take (what a member swipes through); kept, not raised to pass. */
const BUDGET = {
  skip: 4,
  wrongPassword: 11,
  signIn: 3,
  activity: 60,
  diaryPage: 38,
  search: 15,
  choose: 12,
  typing: 0,
  save: 12,
  bookPage: 1,
  reviewPage: 30,
  review: 46,
  menuToChallenge: 36,
  checkIn: 13,
  menuToMypage: 52,
  pointsTab: 75,
  firstEntry: 10,
  display: 22,
  signOut: 30,
} as const;

/** A review of at least 200 characters (the API's minimum). */
const REVIEW = '열다섯 살 동호의 죽음에서 시작해 그 오월을 지나온 사람들의 삶을 따라가는 소설이다. '.repeat(5);

test('a member with a screen reader hears every outcome once, in words, and lands where the change is', async ({ page, portal, consoleWatch }) => {
  // A loaded 2-core machine: a journey of some three hundred swipes.
  test.setTimeout(300_000);
  consoleWatch.allow(/Service Worker registration blocked by Playwright/);
  // The wrong password first: the browser's own line for the 401.
  consoleWatch.allow(/Failed to load resource: the server responded with a status of 401/);
  const sr = await withReader(page);
  const transcript: string[] = [];

  /** One step: its body, then its phrases and stops (within its budget). */
  async function step(name: keyof typeof BUDGET, body: (sr: Reader) => Promise<void>): Promise<string[]> {
    sr.begin();
    await body(sr);
    const { heard, stops } = await sr.step();
    transcript.push(`— ${name} (${stops} content stops of ${BUDGET[name]})`, ...heard);
    if (process.env['SR_TRANSCRIPT']) console.log(`— ${name} (${stops} of ${BUDGET[name]})\n${heard.join('\n')}`);
    expect(stops, `${name}: content stops (heard:\n${heard.join('\n')})`).toBeLessThanOrEqual(BUDGET[name]);
    return heard;
  }
  const once = (heard: string[], match: RegExp) => expect(heard.filter((p) => match.test(p)), `${match} heard once`).toHaveLength(1);

  await page.goto(`${portal.url}/login/login`);
  await sr.ready();

  await step('skip', async () => {
    await sr.nextTo(/^link, 본문 바로가기$/, 1);
    await sr.act();
    await sr.hears(/^main$/);
    await sr.nextTo(/^heading, 로그인, level 1$/, BUDGET.skip);
  });

  const wrong = await step('wrongPassword', async () => {
    await sr.nextTo(/^textbox, 아이디$/, BUDGET.wrongPassword);
    await sr.type(READER.id);
    await sr.nextTo(/비밀번호$/, BUDGET.wrongPassword, 'input');
    await sr.type('not-the-password');
    await sr.nextTo(/^button, 로그인$/, BUDGET.wrongPassword);
    await sr.act();
    await sr.hears(/^button, 확인$/);
    // The dialog's 확인: the focus goes back to the password.
    await sr.act();
    await sr.hears(/비밀번호$/);
  });
  once(wrong, /^dialog, 아이디 또는 비밀번호가 올바르지 않습니다\.$/);

  const signIn = await step('signIn', async () => {
    await sr.type(READER.password);
    await sr.nextTo(/^button, 로그인$/, BUDGET.signIn);
    await sr.act();
    await sr.hears(/^polite: 김서연님, 로그인했습니다\.$/);
    await sr.settled();
  });
  // One heading, the member home's own (not a heading below it first).
  expect(signIn.filter((p) => p.startsWith('heading, '))).toEqual(['heading, 나의 독서 현황, level 2']);
  once(signIn, /^polite: 김서연님, 로그인했습니다\.$/);

  await step('activity', async () => {
    await sr.nextTo(/^link, 나의 활동$/, BUDGET.activity);
    await sr.act();
    await sr.hears(/^heading, 나의 활동, level 1$/);
    await sr.settled();
  });

  await step('diaryPage', async () => {
    await sr.nextTo(/^link, 독서일지 쓰기/, BUDGET.diaryPage);
    await sr.act();
    await sr.hears(/^heading, 독서일지 쓰기, level 1$/);
    await sr.settled();
  });

  const search = await step('search', async () => {
    await sr.nextTo(/^searchbox, 책 제목, 지은이 또는 ISBN$/, BUDGET.search);
    await sr.type('소년이 온다');
    await sr.nextTo(/^button, 찾기$/, BUDGET.search);
    await sr.act();
    await sr.hears(/^polite: ‘소년이 온다’ 검색 결과 [1-9][0-9]*권$/);
    // A change within the page: the focus stays at the search, no new page's heading.
    expect((await sr.sinceAct()).filter((p) => p.startsWith('heading, '))).toEqual([]);
  });
  once(search, /검색 결과/);

  const choose = await step('choose', async () => {
    await sr.nextTo(/^link, 이 책 선택: 소년이 온다$/, BUDGET.choose);
    await sr.act();
    await sr.hears(/^polite: 선택한 책: 소년이 온다, 한강$/);
    // On to the next field: the diary's text.
    await sr.hears(/^textbox, 독서일지, /);
    expect((await sr.sinceAct()).filter((p) => p.startsWith('heading, '))).toEqual([]);
  });
  once(choose, /^polite: 선택한 책/);

  // The counter is quiet while typing, and speaks once near the limit (90 % of 200).
  const diary = '오늘은 광주의 오월을 지나온 사람들의 목소리를 오래 따라 읽었다. '.repeat(6).slice(0, 185);
  const typing = await step('typing', async () => {
    await sr.type(diary);
    // The count of the moment it crossed 180 (a fast typist's two keys may come in one render).
    const near = await sr.hears(/^polite: 18[0-5]\/200자, 1[5-9]자 남았어요\.$|^polite: 180\/200자, 20자 남았어요\.$/);
    const [count = '', left = ''] = /(\d+)\/200자, (\d+)자/.exec(near)?.slice(1) ?? [];
    expect(Number(count) + Number(left)).toBe(200);
  });
  expect(typing.filter((p) => p.startsWith('polite: ')), 'the counter speaks once, near the limit').toHaveLength(1);

  const saved = await step('save', async () => {
    await sr.nextTo(/^button, 일지 저장$/, BUDGET.save);
    await sr.act();
    await sr.hears(/^polite: 50P가 적립되었어요\. 이번 달 [0-9]+\/[0-9]+회 적립, 잔액 [0-9,]+P$/);
    // The focus on the answer's first action, not on the answer itself (said once).
    await sr.hears(/^link, 나의 독서일지 보기$/);
  });
  once(saved, /적립되었어요/);

  await step('bookPage', async () => {
    await sr.nextTo(/^link, 책 정보 보기$/, BUDGET.bookPage);
    await sr.act();
    await sr.hears(/^heading, 도서 정보, level 1$/);
    await sr.settled();
  });

  await step('reviewPage', async () => {
    await sr.nextTo(/^link, 서평 쓰기$/, BUDGET.reviewPage);
    await sr.act();
    await sr.hears(/^heading, 서평 쓰기, level 1$/);
    await sr.settled();
  });

  const review = await step('review', async () => {
    await sr.nextTo(/^textbox, 제목/, BUDGET.review);
    await sr.type('오월을 건너는 목소리들');
    await sr.nextTo(/^radio, 5점/, BUDGET.review);
    await sr.act();
    await sr.nextTo(/^textbox, 서평, /, BUDGET.review);
    await sr.type(REVIEW);
    await sr.nextTo(/^button, 서평 등록$/, BUDGET.review);
    await sr.act();
    await sr.hears(/^polite: 500P가 적립되었어요\. 이번 달 1\/3회 적립, 잔액 [0-9,]+P$/);
  });
  once(review, /적립되었어요/);

  await step('menuToChallenge', async () => {
    await sr.toBanner();
    await sr.nextTo(/^button, 전체메뉴/, BUDGET.menuToChallenge);
    await sr.act();
    await sr.hears(/^dialog, 전체메뉴/);
    // The menu opens with the group of the page shown expanded: open it only when it is not.
    if ((await sr.nextTo(/^button, 독서활동/, BUDGET.menuToChallenge)).includes('not expanded')) await sr.act();
    await sr.nextTo(/^link, 21일 챌린지$/, BUDGET.menuToChallenge);
    await sr.act();
    await sr.hears(/^heading, 21일 챌린지, level 1$/);
    await sr.settled();
  });

  const checkIn = await step('checkIn', async () => {
    await sr.nextTo(/^button, 오늘 출석하기$/, BUDGET.checkIn);
    await sr.act();
    await sr.hears(/^button, 확인$/);
    await sr.act();
    // Closed: the focus on today's card, its new state below (the button it came from is gone).
    await sr.hears(/^heading, 오늘의 출석 · /);
  });
  once(checkIn, /^dialog, [0-9]+일째 출석했습니다\. [0-9,]+포인트가 적립되었습니다\. 잔액 [0-9,]+P$/);

  await step('menuToMypage', async () => {
    await sr.toBanner();
    await sr.nextTo(/^button, 전체메뉴/, BUDGET.menuToMypage);
    await sr.act();
    await sr.hears(/^dialog, 전체메뉴/);
    if ((await sr.nextTo(/^button, 마이페이지/, BUDGET.menuToMypage)).includes('not expanded')) await sr.act();
    await sr.nextTo(/^link, 마이페이지$/, BUDGET.menuToMypage);
    await sr.act();
    await sr.hears(/^heading, 마이페이지, level 1$/);
    await sr.settled();
  });

  await step('pointsTab', async () => {
    await sr.nextTo(/^link, 포인트 내역$/, BUDGET.pointsTab);
  });
  await step('firstEntry', async () => {
    await sr.act();
    await sr.hears(/^polite: 전체 포인트 내역, [0-9,]+건 중 [0-9]+건$/);
    // The first entry as the page shows it (the newest: the check-in), its date then its points.
    const first = page.locator('.statement__cards > li').first();
    for (const part of [first.locator('time'), first.locator('.points-delta')]) {
      const text = (await part.textContent()) ?? '';
      expect(text).not.toBe('');
      // Any white space as the reader says it (a date keeps its parts together with no-break spaces).
      const words = text.trim().split(/\s+/).map((w) => w.replace(/[.+*?()[\]\\]/g, '\\$&'));
      await sr.nextTo(new RegExp(`^${words.join('\\s+')}$`), BUDGET.firstEntry);
    }
    expect((await sr.sinceAct()).filter((p) => p.startsWith('heading, ')), 'no new page: the list has the focus').toEqual([]);
  });
  await expect(page).toHaveTitle('포인트 내역 | 충북 독서포인트');

  await step('display', async () => {
    await sr.toBanner();
    await sr.nextTo(/^button, 화면 설정/, BUDGET.display);
    await sr.act();
    await sr.nextTo(/^radio, 고대비/, BUDGET.display);
    await sr.act();
    await sr.nextTo(/^button, 적용$/, BUDGET.display);
    await sr.act();
    await sr.hears(/^polite: 화면 설정을 적용했습니다\.$/);
  });
  await expect(page.locator('html')).toHaveAttribute('data-krds-mode', 'high-contrast');

  const signOut = await step('signOut', async () => {
    await sr.toBanner();
    await sr.nextTo(/^button, 로그아웃$/, BUDGET.signOut);
    await page.evaluate(() => Object.assign(window, { __before: true }));
    await sr.act();
    // A full page load: the reader starts again on the new page, which says it is done.
    await page.waitForFunction(() => !('__before' in window));
    await sr.ready();
    await sr.hears(/^polite: 로그아웃했습니다\.$/);
  });
  // The focus on 로그인, where 로그아웃 was: not on a heading of the home.
  expect(signOut).toContain('link, 로그인');
  expect(signOut.filter((p) => p.startsWith('heading, '))).toEqual([]);
  once(signOut, /^polite: 로그아웃했습니다\.$/);

  expect(sr.nameless, 'no control is spoken without a name').toEqual([]);
  test.info().annotations.push({ type: 'transcript', description: transcript.join('\n') });
});

test('a search on 독서 시작하기 says how many books it found, or that it found none, and lands on its results', async ({ page, portal, consoleWatch }) => {
  test.setTimeout(120_000);
  consoleWatch.allow(/Service Worker registration blocked by Playwright/);
  const sr = await withReader(page);
  await page.goto(`${portal.url}/search/booksearch`);
  await sr.ready();
  await sr.settled();

  sr.begin();
  await sr.nextTo(/^searchbox, 검색어, /, 45);
  await sr.type('한강');
  await sr.nextTo(/^button, 검색$/, 3);
  await sr.act();
  await sr.hears(/^polite: ‘한강’ 검색 결과 [1-9][0-9,]*권$/);
  // A change within the page: the results' heading has the focus, the page's h1 is not said again.
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('result-title');
  const found = await sr.sinceAct();
  expect(found.filter((p) => p.startsWith('heading, ') && p.endsWith('level 1')), 'no new page').toEqual([]);
  expect(found.filter((p) => p.startsWith('polite: ')), 'said once').toHaveLength(1);

  sr.begin();
  await sr.previousTo(/^searchbox, 검색어, /, 12);
  // The reader types after what is there: '한강없는책이름' finds nothing.
  await sr.type('없는책이름');
  await sr.nextTo(/^button, 검색$/, 3);
  await sr.act();
  await sr.hears(/^polite: ‘한강없는책이름’에 맞는 책을 찾지 못했어요\.$/);
  await sr.hears(/^heading, ‘한강없는책이름’ 검색 결과, level 2$/);
  expect(sr.nameless).toEqual([]);
});
