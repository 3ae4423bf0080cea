/** Content, codes, catalogue search and popular books of the reference homepage API. */
import t from 'tap';
import { call, curatedBooks, login, testApi } from './helpers.ts';
import { choseong, grams, normalise } from '#server/homepage-api/search/book-search.ts';
import { isbnCheckDigit } from '#server/homepage-api/seed/books.ts';

t.test('notices: today\'s behaviour kept, pagination, detail with view count', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const all = (await call(app, undefined, 'GET', '/board/notice')).json();
  t.equal(all.notice_list.length, 7, 'no page/size: the whole list of displayed notices');
  t.equal(all.total, 7);
  const strip = (await call(app, undefined, 'GET', '/board/notice?notice_type=1&display_yn=Y')).json();
  t.same(Object.keys(strip.notice_list[0]).sort(), ['display_yn', 'notice_info_key', 'notice_subject', 'notice_type', 'reg_date']);
  t.ok(strip.notice_list.every((n: { notice_type: string; display_yn: string }) => n.notice_type === '1' && n.display_yn === 'Y'));
  t.equal(strip.notice_list[0].notice_info_key, 7, 'newest first');
  const page2 = (await call(app, undefined, 'GET', '/board/notice?page=2&size=3')).json();
  t.match(page2, { page: 2, size: 3, total: 7 });
  t.equal(page2.notice_list.length, 3);
  const d1 = (await call(app, undefined, 'GET', '/board/notice/4')).json();
  const d2 = (await call(app, undefined, 'GET', '/board/notice/4')).json();
  t.equal(d2.notice.view_count, d1.notice.view_count + 1, 'each read counts');
  t.match(d1.notice.notice_content, /21일/);
  const hidden = await call(app, undefined, 'GET', '/board/notice/8');
  t.same([hidden.statusCode, hidden.json().msg], [404, '요청하신 공지사항을 찾을 수 없습니다.']);
  t.equal((await call(app, undefined, 'GET', '/board/notice/abc')).statusCode, 400);
  t.equal((await call(app, undefined, 'GET', '/board/notice?display_yn=yes')).statusCode, 400);
});

t.test('draft notices are an administrator\'s: anyone else sees displayed ones only', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const drafts = (list: { display_yn: string }[]) => list.filter((n) => n.display_yn === 'N').length;
  const member = (await login(app, 'reader01')).access_token;
  const admin = (await login(app, 'admin01')).access_token;
  for (const [who, token] of [['anonymous', undefined], ['a member', member], ['an unknown token', 'z'.repeat(43)]] as const) {
    const omitted = await call(app, token, 'GET', '/board/notice');
    t.equal(omitted.statusCode, 200, `${who}: answered`);
    t.equal(drafts(omitted.json().notice_list), 0, `${who}, display_yn left out: no drafts`);
    t.equal(omitted.json().total, 7, `${who}: the displayed notices`);
    const asked = (await call(app, token, 'GET', '/board/notice?display_yn=N')).json();
    t.same([asked.notice_list, asked.total], [[], 0], `${who}, display_yn=N: nothing`);
  }
  const all = (await call(app, admin, 'GET', '/board/notice')).json();
  t.equal(all.total, 8, 'an administrator, display_yn left out: every notice');
  t.equal(drafts(all.notice_list), 1, 'drafts included');
  const onlyDrafts = (await call(app, admin, 'GET', '/board/notice?display_yn=N')).json();
  t.ok(onlyDrafts.total === 1 && drafts(onlyDrafts.notice_list) === 1, 'an administrator, display_yn=N: the drafts');
});

t.test('FAQ by category, newsletters, system contents, bookstores', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const faq = (await call(app, undefined, 'GET', '/board/faq?category=point')).json();
  t.ok(faq.faq_list.length >= 3 && faq.faq_list.every((f: { category: string }) => f.category === 'point'));
  t.same(faq.categories.map((c: { category_name: string }) => c.category_name), ['회원', '포인트', '독서활동', '21일 챌린지', '서점·사용']);
  const letters = (await call(app, undefined, 'GET', '/board/newsletter?size=2')).json();
  t.match(letters, { total: 6, size: 2 });
  t.equal(letters.newsletter_list[0].issue_no, 6, 'newest issue first');
  t.match((await call(app, undefined, 'GET', '/board/newsletter/3')).json().newsletter.content, /21일 챌린지/);
  for (const type of ['terms', 'privacy', 'service', 'bookstore']) {
    const c = (await call(app, undefined, 'GET', `/common/systemcontentinfo?content_type=${type}`)).json();
    t.ok(c.system_content.sections.length >= 4, `${type}: sections`);
    t.match(c.system_content.content, /[가-힣]{2,} [가-힣]{2,} [가-힣]{2,}/);
  }
  t.match((await call(app, undefined, 'GET', '/common/systemcontentinfo?content_type=terms')).json().system_content.content, /23,750포인트/);
  t.equal((await call(app, undefined, 'GET', '/common/systemcontentinfo')).statusCode, 400);
  const cheongju = (await call(app, undefined, 'GET', '/bookstore/list?city_code=43110')).json();
  t.ok(cheongju.total >= 5 && cheongju.bookstore_list.every((b: { city_name: string }) => b.city_name.startsWith('청주시')));
  const all = (await call(app, undefined, 'GET', '/bookstore/list')).json();
  t.ok(all.regions.length >= 10, 'bookstores in most cities and counties');
  t.match((await call(app, undefined, 'GET', `/bookstore/list?query=${encodeURIComponent('단양')}`)).json().bookstore_list, [{ name: '단양강변서점' }]);
});

t.test('region codes of 충청북도', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const cities = (await call(app, undefined, 'GET', '/code/local/43')).json();
  t.equal(cities.parent.region_name, '충청북도');
  t.same(cities.region_list.map((r: { region_code: string }) => r.region_code), ['43110', '43130', '43150', '43720', '43730', '43740', '43745', '43750', '43760', '43770', '43800']);
  const gu = (await call(app, undefined, 'GET', '/code/local/43/43110')).json();
  t.same(gu.region_list.map((r: { region_name: string }) => r.region_name), ['상당구', '서원구', '흥덕구', '청원구']);
  const towns = (await call(app, undefined, 'GET', '/code/local/43/43111')).json();
  t.ok(towns.region_list.some((r: { region_name: string }) => r.region_name === '용암1동'));
  t.ok(towns.region_list.every((r: { level: number; has_children: boolean }) => r.level === 4 && !r.has_children));
  for (const code of ['43130', '43150', '43720', '43730', '43740', '43745', '43750', '43760', '43770', '43800']) {
    const r = (await call(app, undefined, 'GET', `/code/local/43/${code}`)).json();
    t.ok(r.region_list.length >= 2, `${r.parent.region_name}: ${r.region_list.length} 읍·면·동`);
    t.ok(r.region_list.some((x: { region_name: string }) => /읍$/.test(x.region_name)), `${r.parent.region_name} has an 읍`);
  }
  t.equal((await call(app, undefined, 'GET', '/code/local/43130/43150')).statusCode, 404, 'b must lie inside a');
  t.equal((await call(app, undefined, 'GET', '/code/local/11')).statusCode, 404);
});

t.test('search helpers', async (t) => {
  t.equal(normalise(' 채식 주의자! '), '채식주의자');
  t.equal(choseong('한강 Kang 1'), 'ㅎㄱ Kang 1');
  t.equal(grams('한강의기적'), '한강 강의 의기 기적 적');
  t.equal(grams('숲'), '숲');
  t.equal(isbnCheckDigit('978893643359'), '8');
  for (const b of curatedBooks()) {
    if (!/^97[89]\d{10}$/.test(b.isbn) || isbnCheckDigit(b.isbn.slice(0, 12)) !== b.isbn[12]) t.fail(`bad ISBN ${b.isbn} ${b.title}`);
  }
  t.equal(new Set(curatedBooks().map((b) => b.isbn)).size, curatedBooks().length, 'curated ISBNs are unique');
  t.ok(curatedBooks().length >= 200, `${curatedBooks().length} curated books`);
});

t.test('book search: substrings, 2-character words, 초성, ISBN, fields, ranking, pages', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const search = async (q: string, extra = '') => (await call(app, undefined, 'GET', `/book/search?query=${encodeURIComponent(q)}${extra}`)).json();
  const total = (await app.db.prepare('SELECT count(*) AS n FROM books').get())?.['n'];
  t.ok(Number(total) >= 2000, `${String(total)} books in the catalogue`);

  const exact = await search('채식주의자');
  t.equal(exact.book_list[0].title, '채식주의자', 'exact title first');
  t.equal((await search('채식 주의자')).book_list[0].title, '채식주의자', 'spaces do not matter');
  t.equal((await search('주의자')).book_list[0].title, '채식주의자', 'a substring in the middle');
  const twoChar = await search('한강');
  t.equal(twoChar.book_list[0].title, '한강 1', 'title starting with the word first');
  t.ok(twoChar.book_list.slice(0, 10).some((b: { author: string }) => b.author === '한강'), 'then books by 한강');
  const cho = await search('ㅂㅍㅎㅍㅇㅈ');
  t.equal(cho.chosung_yn, 'Y');
  t.equal(cho.book_list[0].title, '불편한 편의점');
  t.equal((await search('ㄱㅇㅎ', '&field=author')).book_list[0].author, '김영하');
  const mixed = await search('불ㅍ');
  t.ok(mixed.book_list.some((b: { title: string }) => b.title.startsWith('불편한')), 'syllables and 초성 mixed');
  const isbn = curatedBooks()[0]?.isbn ?? '';
  t.match((await search(isbn)).book_list, [{ isbn }]);
  t.match((await search(`${isbn.slice(0, 3)}-${isbn.slice(3, 5)}-${isbn.slice(5)}`)).book_list, [{ isbn }], 'hyphens in an ISBN');
  t.ok((await search(isbn.slice(0, 8), '&field=isbn')).total >= 1, 'ISBN prefix');
  t.ok((await search('창비', '&field=publisher')).book_list.every((b: { publisher: string }) => b.publisher === '창비'));
  t.equal((await search('창비', '&field=title')).total, 0, 'field restriction');
  t.equal((await search('1q84')).book_list[0].title, '1Q84 1', 'case-insensitive');
  const p1 = await search('바다', '&size=5');
  const p2 = await search('바다', '&size=5&page=2');
  t.equal(p1.total, p2.total);
  t.notSame(p1.book_list.map((b: { isbn: string }) => b.isbn), p2.book_list.map((b: { isbn: string }) => b.isbn));
  t.equal((await search('숲')).book_list.length > 0, true, 'one character');
  t.equal((await search('!!!')).total, 0);
  t.equal((await call(app, undefined, 'GET', '/book/search')).statusCode, 400, 'query required');
  t.equal((await call(app, undefined, 'GET', `/book/search?query=${'가'.repeat(101)}`)).statusCode, 400);
  const detail = (await call(app, undefined, 'GET', `/book/${isbn}`)).json();
  t.match(detail, { result: 'success', book: { isbn }, diary_count: Number });
});

t.test('book search: several words across title and author; the ranking classes; one title once', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const search = async (q: string, extra = '') =>
    (await call(app, undefined, 'GET', `/book/search?query=${encodeURIComponent(q)}${extra}`)).json() as {
      book_list: { title: string; author: string }[];
      total: number;
      chosung_yn: string;
    };
  const titles = (r: { book_list: { title: string }[] }) => r.book_list.map((b) => b.title);

  // Several words, AND-ed, each found in the title or the author.
  t.same(titles(await search('한강 소년')), ['소년이 온다'], 'author + title');
  t.same(titles(await search('소년 한강')), ['소년이 온다'], 'in any order');
  t.same(titles(await search('김영하 살인')), ['살인자의 기억법']);
  t.equal((await search('한강 편의점')).total, 0, 'every word must be found');
  t.equal((await search('무라카미 하루키')).book_list.length, 4, 'an author of two words');
  t.ok((await search('무라카미 하루키')).book_list.every((b) => b.author === '무라카미 하루키'));

  // Exact title > title prefix > author > substring > the rest (across word boundaries).
  const hangang = await search('한강', '&size=40');
  t.equal(hangang.book_list[0]?.title, '한강 1', 'a title starting with the word');
  const byHan = hangang.book_list.findIndex((b) => b.author === '한강');
  const lastByHan = hangang.book_list.map((b) => b.author).lastIndexOf('한강');
  t.equal(byHan, 1, 'then the author’s books');
  t.same(hangang.book_list.slice(1, lastByHan + 1).map((b) => b.author), Array(lastByHan).fill('한강'), 'all of them together');
  t.ok(hangang.book_list.slice(lastByHan + 1).every((b) => b.author !== '한강' && !b.title.replace(/ /g, '').startsWith('한강')));
  t.equal((await search('채식주의자')).book_list[0]?.title, '채식주의자', 'exact title');
  const boy = await search('소년');
  t.equal(boy.book_list[0]?.title, '소년이 온다', 'prefix before substring');
  t.ok(boy.book_list.slice(1).every((b) => b.title.includes('소년')), 'then titles containing it');

  // 초성: ㅎㄱ is 한강 and 허균 — 한강's own books first, then 홍길동전, then the rest.
  const cho = await search('ㅎㄱ', '&size=20');
  t.equal(cho.chosung_yn, 'Y');
  const authors = cho.book_list.map((b) => b.author);
  const hanCount = authors.filter((a) => a === '한강').length;
  t.ok(hanCount >= 7, `${hanCount} books by 한강 in the first page`);
  t.same(authors.slice(0, hanCount), Array(hanCount).fill('한강'), '한강’s books first');
  t.equal(cho.book_list[hanCount]?.title, '홍길동전', 'then 홍길동전 (허균 is ㅎㄱ too)');

  // One title once: the generated catalogue does not repeat a title.
  const dup = await app.db.prepare('SELECT title, count(*) AS n FROM books GROUP BY title HAVING count(*) > 1').all();
  t.same(dup, [], 'no title repeated');
});

t.test('popular books by period, age group and region', async (t) => {
  const { app, close } = await testApi();
  t.teardown(close);
  const month = (await call(app, undefined, 'GET', '/popular/popularbooklist?size=10')).json();
  t.ok(month.popular_list.length > 0);
  const scores = month.popular_list.map((b: { score: number }) => b.score);
  t.same(scores, [...scores].sort((a: number, b: number) => b - a), 'ranked by score');
  t.same(month.popular_list.map((b: { rank: number }) => b.rank), scores.map((_: number, i: number) => i + 1));
  const first = month.popular_list[0];
  t.equal(first.score, first.diary_count + 3 * first.review_count + 2 * first.loan_count);
  const year = (await call(app, undefined, 'GET', '/popular/popularbooklist?period=year')).json();
  t.ok(year.total >= month.total);
  const cheongju = (await call(app, undefined, 'GET', '/popular/popularbooklist?city_code=43110')).json();
  t.ok(cheongju.total > 0 && cheongju.total <= month.total);
  t.match(cheongju, { city_code: '43110', city_name: '청주시', age_group: null });
  const sangdang = (await call(app, undefined, 'GET', '/popular/popularbooklist?city_code=43111')).json();
  t.match(sangdang, { city_code: '43111', city_name: '청주시 상당구' });
  t.ok(sangdang.total > 0 && sangdang.total <= cheongju.total, 'a gu is part of its city');
  // Counts of a region are counts of its members' activity only.
  const inRegion = async (code: string) =>
    Number((await app.db.prepare(`SELECT count(*) AS n FROM activities a JOIN members m USING (member_id)
      WHERE a.activity_type IN ('diary', 'review', 'loan') AND a.status = 'recorded' AND a.isbn = ? AND a.day BETWEEN ? AND ?
        AND (m.city_code = ? OR m.city_code IN (SELECT region_code FROM regions WHERE parent_code = ?))`)
      .get(cheongju.popular_list[0].isbn, cheongju.from, cheongju.to, code, code))?.['n']);
  const top = cheongju.popular_list[0];
  t.equal(top.diary_count + top.review_count + top.loan_count, await inRegion('43110'), 'the top Cheongju book counts Cheongju members only');
  const unknown = await call(app, undefined, 'GET', '/popular/popularbooklist?city_code=99999');
  t.same([unknown.statusCode, unknown.json().msg], [400, '지역을 목록에서 다시 선택해 주세요.']);
  const cities = (await call(app, undefined, 'GET', '/code/local/43')).json().region_list as { region_code: string }[];
  for (const c of cities) {
    t.equal((await call(app, undefined, 'GET', `/popular/popularbooklist?city_code=${c.region_code}`)).statusCode, 200, `every city of /code/local/43 filters: ${c.region_code}`);
  }
  const teens = (await call(app, undefined, 'GET', '/popular/popularbooklist?age_group=10')).json();
  t.ok(teens.total <= month.total);
  t.equal((await call(app, undefined, 'GET', '/popular/popularbooklist?from=2026-11-10&to=2026-11-01')).statusCode, 400);
  t.equal((await call(app, undefined, 'GET', '/popular/popularbooklist?from=2020-01-01&to=2020-01-31')).json().total, 0);
});
