/**
 * Seeded programme activity: reader01's history and the generated members' reading over
 * this month and the last (for rankings and popular books). Dated relative to the first
 * seeding and recorded through the same rules as live writes (recordActivity), so the
 * seeded ledger obeys every limit and cap. Runs once per database (seed_marks).
 */
import type { Database } from '../store/db.ts';
import type { Stores } from '../store/index.ts';
import type { ApiSettings } from '../settings.ts';
import { recordActivity } from '../programme/earn.ts';
import { homeLibraryOf } from './libraries.ts';
import { addDays, isoSeoul, seoulDay } from '../time.ts';

const DIARY_LINES = [
  '출근길 버스에서 삼십 쪽을 읽었다. 주인공의 선택이 자꾸 마음에 걸린다.',
  '잠들기 전 한 장(章)을 읽었다. 문장이 짧고 단단해서 소리 내어 읽고 싶어진다.',
  '점심시간에 도서관 열람실에서 읽었다. 오늘 읽은 부분은 어린 시절 이야기라 내 기억도 떠올랐다.',
  '아이와 함께 읽었다. 아이가 그림 속 고양이를 오래 들여다보았다.',
  '어려운 대목이 있어 같은 쪽을 두 번 읽었다. 내일은 밑줄 친 문장을 옮겨 적어 보려 한다.',
  '주말 오후 카페에서 끝까지 읽었다. 마지막 장면에서 한참 책을 덮지 못했다.',
  '오늘은 열 쪽만 읽었지만 기록은 남긴다. 꾸준히 읽는 것이 목표다.',
];

/** Reviews general enough for any book, each 200–1,000 characters. */
const REVIEWS: readonly { title: string; text: string }[] = [
  {
    title: '작은 친절이 쌓여 만든 큰 울림',
    text:
      '이 책은 평범한 사람들의 하루를 따라가며 우리가 무심코 지나치는 순간들에 이름을 붙여 준다. ' +
      '처음에는 사건이 크지 않아 천천히 읽혔지만, 중반을 넘어서면서 인물들이 서로에게 건네는 작은 친절이 쌓여 큰 울림을 만든다. ' +
      '특히 낯선 이웃에게 먼저 말을 거는 장면은 오래 기억에 남았다. 읽는 내내 우리 동네의 얼굴들이 떠올랐고, ' +
      '책을 덮은 뒤에는 나도 누군가에게 조금 더 다정해지고 싶어졌다. 바쁜 일상에 지친 사람에게 권하고 싶다.',
  },
  {
    title: '밑줄 긋고 싶은 문장이 많은 책',
    text:
      '도서관에서 우연히 집어 든 책인데 첫 장부터 문장에 끌려 단숨에 읽었다. 작가는 거창한 말 대신 구체적인 장면으로 이야기를 끌고 가고, ' +
      '그래서 인물의 마음이 설명 없이도 전해진다. 읽는 동안 연필로 밑줄을 여러 번 그었고, 마음에 남은 문장은 공책에 옮겨 적었다. ' +
      '후반부의 선택에는 고개가 갸웃해지기도 했지만 그 덕분에 독서 모임에서 이야기할 거리가 많았다. 천천히 두 번 읽기를 권한다.',
  },
  {
    title: '아이와 함께 읽고 나눈 이야기',
    text:
      '초등학생 아이와 같은 책을 읽고 저녁마다 한 장씩 이야기를 나누었다. 아이는 주인공이 실수를 인정하는 장면에서 한참 생각에 잠겼고, ' +
      '나는 어른이 되어 잊고 지낸 마음을 다시 떠올렸다. 쉬운 문장으로 쓰였지만 담긴 질문은 가볍지 않아서 어른에게도 충분히 좋은 책이다. ' +
      '함께 읽는 시간이 쌓이면서 아이가 먼저 다음 책을 고르자고 한 것이 가장 큰 수확이었다. 가족 독서를 시작하려는 분께 추천한다.',
  },
  {
    title: '생각이 많아지는 밤에 어울리는 책',
    text:
      '퇴근 후 조용한 밤에 조금씩 읽었다. 한 번에 많이 읽히는 책은 아니지만, 한 꼭지를 읽고 나면 오늘 하루를 돌아보게 된다. ' +
      '저자가 던지는 질문에 바로 답하지 못해 책을 덮고 한참 창밖을 본 날도 있었다. 어떤 대목은 지금의 나와 맞지 않았지만, ' +
      '몇 년 뒤 다시 읽으면 다르게 읽힐 것 같아 책장에 꽂아 두기로 했다. 서두르지 않고 읽을 수 있는 분께 권한다.',
  },
];

/** mulberry32: a small deterministic PRNG so every seeded database looks the same for the same day. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedProgramme(db: Database, stores: Stores, s: ApiSettings, isbns: readonly string[]): Promise<void> {
  if (await db.prepare("SELECT 1 FROM seed_marks WHERE mark = 'programme-v1'").get()) return;
  const realNow = s.clock();
  const today = seoulDay(realNow);
  const monthStart = `${today.slice(0, 7)}-01`;
  const prevMonthStart = `${addDays(monthStart, -1).slice(0, 7)}-01`;
  let clockMs = realNow;
  const at: ApiSettings = { ...s, clock: () => clockMs, random: prng(7) };
  const setDay = (day: string, hour = 20) => {
    clockMs = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00+09:00`);
  };
  const rnd = prng(20_260_101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const popular = isbns.slice(0, 40);

  const diary = async (memberId: number, day: string, isbn: string) => {
    setDay(day);
    const r = await recordActivity(stores, at, { memberId, type: 'diary', isbn, oncePerDay: true });
    const diary = { memberId, isbn, content: pick(DIARY_LINES), readPages: 10 + Math.floor(rnd() * 60), writtenOn: r.activityDate };
    if (!await stores.activities.addDiary(r.activityId, diary)) throw new Error(`seed: a repeated diary of member ${memberId} on ${day}`);
    return r;
  };
  /** A review, unless the member already reviewed the book (one each, decision 0113); the random draws are the same either way. */
  const review = async (memberId: number, day: string, isbn: string) => {
    const { title, text } = pick(REVIEWS);
    const rating = 3 + Math.floor(rnd() * 3);
    if (await stores.activities.reviewOfBook(memberId, isbn) !== undefined) return;
    setDay(day, 21);
    const r = await recordActivity(stores, at, { memberId, type: 'review', isbn });
    if (!await stores.activities.addReview(r.activityId, { memberId, isbn, title, content: text, rating })) throw new Error(`seed: a second review of ${isbn}`);
  };
  const loan = async (memberId: number, day: string, isbn: string, no: string) => {
    setDay(day, 15);
    const r = await recordActivity(stores, at, { memberId, type: 'loan', isbn, activityDate: day });
    const library = homeLibraryOf((await stores.members.byId(memberId))?.cityCode ?? null);
    await stores.activities.addLoan(r.activityId, { memberId, loanNo: no, isbn, libraryCode: library.code, libraryName: library.name, loanDate: day });
  };
  /** Distinct days in [from, to], up to n of them, in order. */
  const days = (from: string, to: string, n: number): string[] => {
    const all: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) all.push(d);
    return all.filter(() => rnd() < n / Math.max(1, all.length)).slice(0, n);
  };
  const prevEnd = addDays(monthStart, -1);
  const yesterday = addDays(today, -1);

  // Generated members: last month and this month so far.
  for (let key = 101; key <= 160; key++) {
    for (const [from, to] of [[prevMonthStart, prevEnd], [monthStart, yesterday]] as const) {
      if (to < from) continue;
      const intensity = 2 + Math.floor(rnd() * 14);
      for (const d of days(from, to, intensity)) await diary(key, d, pick(popular));
      if (rnd() < 0.5) await review(key, pick(days(from, to, 3)) ?? from, pick(popular));
      if (rnd() < 0.4) await loan(key, from, pick(popular), `L${key}${from.replace(/-/g, '')}`);
    }
  }

  // reader01 (member 1): a history worth showing on my page.
  const r01 = 1;
  const firstBook = isbns[0] ?? popular[0] ?? '';
  for (const d of days(prevMonthStart, prevEnd, 6)) await diary(r01, d, firstBook);
  await review(r01, addDays(prevEnd, -3), firstBook);
  await loan(r01, prevMonthStart, isbns[1] ?? firstBook, `L1${prevMonthStart.replace(/-/g, '')}`);
  // A purchase receipt later found to be a duplicate: clawed back (penalty).
  setDay(addDays(prevEnd, -5), 14);
  const purchase = await recordActivity(stores, at, { memberId: r01, type: 'purchase' });
  await stores.activities.addPurchase(purchase.activityId, {
    bookstoreId: 1, receiptNo: `R-${prevEnd.replace(/-/g, '')}-0042`, purchaseDate: addDays(prevEnd, -5), amount: 16800, bookTitle: '불편한 편의점',
  });
  setDay(prevEnd, 11);
  const entryId = await stores.points.add({
    memberId: r01, entryType: 'penalty', activityId: purchase.activityId, points: -purchase.points,
    reason: '포인트 회수: 같은 영수증 중복 인증', day: prevEnd, at: clockMs,
  });
  await stores.activities.revoke(purchase.activityId);
  await stores.points.addPenalty({
    memberId: r01, activityId: purchase.activityId, entryId, points: -purchase.points, reason: '같은 영수증 중복 인증', suspendedUntil: null, at: clockMs,
  });
  // This month: diaries before today, a loan, and a challenge on its 5th day yesterday.
  for (const d of days(monthStart, addDays(today, -6), 5)) await diary(r01, d, isbns[2] ?? firstBook);
  if (monthStart <= yesterday) await loan(r01, monthStart, isbns[3] ?? firstBook, `L1${monthStart.replace(/-/g, '')}`);
  const start = addDays(today, -5);
  const challenge = await stores.challenges.start(r01, start);
  for (let i = 0; i < 5; i++) {
    const d = addDays(start, i);
    setDay(d, 8);
    const r = await recordActivity(stores, at, { memberId: r01, type: 'checkin', points: 10 + Math.floor(rnd() * 41) });
    await stores.challenges.addCheckin(r.activityId, { challengeId: challenge.challengeId, memberId: r01, day: d, dayNo: i + 1 });
    await stores.challenges.save({ ...challenge, lastCheckinDay: d, streak: i + 1 });
  }
  // Points spent at a partner bookstore (my page, search_type=buy).
  const spend = Math.min(3000, await stores.points.balance(r01));
  if (spend > 0) {
    setDay(yesterday, 17);
    const e = await stores.points.add({ memberId: r01, entryType: 'spend', activityId: null, points: -spend, reason: '참여 서점 도서 구매', day: yesterday, at: clockMs });
    await stores.points.addSpend({ memberId: r01, bookstoreId: 2, entryId: e, bookTitle: '작별하지 않는다', isbn: isbns[2] ?? null, amount: spend, at: clockMs });
  }

  // Club meetings of last month with their attendance.
  for (const clubId of [1, 2, 3]) {
    const held = addDays(prevMonthStart, 6 + clubId * 3);
    setDay(held, 19);
    const isbn = pick(popular);
    const meetingId = await stores.clubs.addMeeting({ clubId, heldOn: held, topic: '함께 읽은 책의 인상 깊은 장면 나누기', isbn, at: clockMs });
    for (const { memberId } of await stores.clubs.members(clubId)) {
      const r = await recordActivity(stores, at, { memberId, type: 'bookclub', isbn });
      await stores.clubs.addAttendance(r.activityId, meetingId, memberId);
    }
  }
  await db.prepare("INSERT INTO seed_marks (mark, done_at) VALUES ('programme-v1', ?)").run(isoSeoul(realNow));
}
