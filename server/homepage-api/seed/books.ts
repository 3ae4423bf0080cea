/**
 * The book catalogue seed (decision 0103): the curated real books plus generated ones
 * up to SEED_BOOK_COUNT. The generator is deterministic; the benchmark uses it for
 * 100,000 books.
 */
import { CURATED_BOOKS } from './books-curated.ts';
import { josa } from 'es-hangul';
import type { BookInput } from '../search/book-search.ts';

export const SEED_BOOK_COUNT = 2_000;

/** Korean ISBN publisher prefixes (978-89-… / 979-11-…) of publishers in the curated list. */
const PREFIX: Record<string, string> = {
  창비: '97889364', 문학동네: '97889546', 민음사: '97889374', 문학과지성사: '97889320', 김영사: '97889349',
  열린책들: '97889329', 은행나무: '97889566', 해냄: '97889657', 현대문학: '97889727', 사계절: '97889582',
  비룡소: '97889491', 돌베개: '97889719', 사이언스북스: '97889837', 까치: '97889723', 시공주니어: '97889527',
  웅진지식하우스: '97889013', 동아시아: '97889626', 어크로스: '97911600', 다산초당: '97911306', 인플루엔셜: '97911865',
};

/** A valid ISBN-13 check digit for 12 digits. */
export function isbnCheckDigit(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

function hashDigits(s: string, n: number): string {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  let out = '';
  while (out.length < n) {
    h = Math.imul(h ^ (h >>> 13), 1274126177) >>> 0;
    out += String(h % 10);
  }
  return out;
}

export function curatedBooks(): BookInput[] {
  const seen = new Set<string>();
  return CURATED_BOOKS.trim()
    .split('\n')
    .map((line) => {
      const [title = '', author = '', publisher = '', year = '', subject = ''] = line.split('|');
      const prefix = PREFIX[publisher] ?? `97911${hashDigits(publisher, 3)}`;
      let twelve = prefix + hashDigits(`${title}|${author}`, 12 - prefix.length);
      for (let bump = 1; seen.has(twelve); bump++) twelve = prefix + hashDigits(`${title}|${author}|${bump}`, 12 - prefix.length);
      seen.add(twelve);
      return { isbn: twelve + isbnCheckDigit(twelve), title, author, publisher, pubYear: Number(year), subject, curated: true };
    });
}

const ADJ = [
  '푸른', '작은', '오래된', '고요한', '따뜻한', '낯선', '빛나는', '느린', '단단한', '보이지 않는',
  '사라진', '다정한', '깊은', '하얀', '마지막', '조용한', '먼', '둥근', '젖은', '새로운',
];
const NOUN = [
  '바다', '정원', '도서관', '기차', '편지', '숲', '골목', '서점', '계절', '마을', '강', '별', '등대', '시간', '집',
  '우산', '섬', '새벽', '산', '창문', '여름', '겨울', '다리', '호수', '정류장', '부엌', '책상', '구름', '언덕', '항구',
  '들판', '광장', '시장', '우체국', '공원', '놀이터', '빵집', '다락방', '폭포', '기찻길', '밤하늘', '바람', '노을', '물결', '꽃밭',
  '과수원', '오솔길', '부두', '학교', '교실', '극장', '카페', '운동장', '식탁', '지붕', '계단', '등불', '나무', '연못', '돌담',
];
/** A particle chosen for the noun (es-hangul's josa), then the rest of the title. */
const TAIL: readonly [particle: Parameters<typeof josa>[1] | '', rest: string][] = [
  ['', '의 노래'], ['', '에서'], ['을/를', ' 걷다'], ['', '의 기억'], ['으로/로', ' 가는 길'], ['', ' 이야기'],
  ['', '의 끝에서'], ['을/를', ' 읽는 밤'], ['', '의 사계'], ['', ' 수업'], ['', '의 비밀'], ['와/과', ' 나'],
  ['이/가', ' 있던 자리'], ['', '에게 보내는 편지'], ['은/는', ' 아직'], ['', '의 지도'],
];
const TOPIC = ['처음 만나는', '한 권으로 읽는', '청소년을 위한', '어른을 위한', '다시 읽는', '하루 10분', '우리 동네', '생활 속', '그림으로 보는', '질문으로 배우는'];
const FIELD = ['한국사', '철학', '경제학', '심리학', '천문학', '생태학', '미술사', '고전 문학', '글쓰기', '인공지능', '기후 위기', '음악', '건축', '세계사', '수학', '식물학'];
const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권', '황', '안', '송', '류', '홍'];
const GIVEN = ['하늘', '서윤', '민재', '지안', '도현', '수빈', '예린', '현우', '지민', '은서', '태희', '준서', '다은', '승우', '유나', '시온', '가람', '나래'];
const PUBLISHERS = ['창비', '문학동네', '민음사', '김영사', '사계절', '돌베개', '휴머니스트', '한빛비즈', '책읽는곰', '푸른숲', '마음산책', '북하우스', '위즈덤하우스', '다산북스', '은행나무'];
const SUBJECTS = ['소설', '에세이', '시', '인문', '역사', '사회', '과학', '예술', '아동', '청소년', '자기계발', '경제경영', '철학'];

const KIND_1 = ADJ.length * NOUN.length * TAIL.length;
const KIND_2 = ADJ.length * NOUN.length;
const KIND_3 = TOPIC.length * FIELD.length;
/** Titles of the first three kinds; the catalogue's first generated books use only these. */
const FIRST = KIND_1 + KIND_2 + KIND_3;
const KIND_4 = KIND_2 * KIND_2;
/** Multipliers coprime with FIRST and KIND_4: consecutive books get far-apart titles. */
const STEP = 7_919;
/** Generated books use ISBNs 979-11-99-xxxxx. */
export const MAX_GENERATED_BOOKS = 100_000;

const at = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

function noun(adj: number, n: number): string {
  return `${at(ADJ, adj)} ${at(NOUN, n)}`;
}

/** Title number `j` of the first three kinds: 푸른 바다의 노래, 낯선 정원, 처음 만나는 한국사. */
function firstTitle(j: number): string {
  if (j < KIND_1) {
    const [particle, rest] = at(TAIL, j % TAIL.length);
    const n = Math.floor(j / TAIL.length) % NOUN.length;
    const word = at(NOUN, n);
    return `${at(ADJ, Math.floor(j / (TAIL.length * NOUN.length)))} ${particle ? josa(word, particle) : word}${rest}`;
  }
  if (j < KIND_1 + KIND_2) return noun(Math.floor((j - KIND_1) / NOUN.length), j - KIND_1);
  const k = j - KIND_1 - KIND_2;
  return `${at(TOPIC, Math.floor(k / FIELD.length))} ${at(FIELD, k)}`;
}

/** Title number `j` of the fourth kind: 푸른 바다와 낯선 정원. */
function pairTitle(j: number): string {
  const left = Math.floor(j / KIND_2);
  const right = j % KIND_2;
  const first = at(NOUN, left % NOUN.length);
  return `${at(ADJ, Math.floor(left / NOUN.length))} ${josa(first, '와/과')} ${noun(Math.floor(right / NOUN.length), right)}`;
}

/**
 * Deterministic generated books number `from`…`to-1` (ISBN 979-11-99…, marked not
 * curated), every one with a title of its own: the first FIRST books draw from three kinds
 * of titles in a shuffled order, later ones pair two phrases.
 */
export function generatedBooks(from: number, to: number): BookInput[] {
  if (to > MAX_GENERATED_BOOKS) throw new RangeError(`at most ${MAX_GENERATED_BOOKS} generated books`);
  const out: BookInput[] = [];
  for (let i = from; i < to; i++) {
    const h = Math.imul(i + 1, 2654435761) >>> 0;
    const pick = <T>(list: readonly T[], shift: number): T => list[(h >>> shift) % list.length] as T;
    const title = i < FIRST ? firstTitle((i * STEP) % FIRST) : pairTitle(((i - FIRST) * STEP) % KIND_4);
    const twelve = `9791199${String(i).padStart(5, '0')}`;
    out.push({
      isbn: twelve + isbnCheckDigit(twelve),
      title,
      author: pick(SURNAMES, 7) + pick(GIVEN, 13),
      publisher: pick(PUBLISHERS, 19),
      pubYear: 1995 + ((h >>> 23) % 31),
      subject: i < FIRST && (i * STEP) % FIRST >= KIND_1 + KIND_2 ? '인문' : pick(SUBJECTS, 21),
      curated: false,
    });
  }
  return out;
}
