/**
 * Public libraries of 충청북도 where a member may borrow (GET /code/libraries), by city or
 * county (gu in Cheongju). Names are the libraries' own; the 7-digit codes are this API's
 * (the city code + a 2-digit sequence), not national library codes (decision 0107).
 * 옥천군민도서관 is closed for rebuilding until 2027 and is left out.
 */
const BY_CITY: [city: string, names: string[]][] = [
  ['43111', ['청주시립도서관', '청주상당도서관', '청주금빛도서관']],
  ['43112', ['청주서원도서관', '청주기적의도서관']],
  ['43113', ['청주흥덕도서관', '청주오송도서관', '청주강내도서관', '청주옥산도서관', '청주가로수도서관', '청주신율봉도서관']],
  ['43114', ['청주청원도서관', '청주오창도서관', '청주오창호수도서관', '청주내수도서관']],
  ['43130', ['충주시립도서관']],
  ['43150', ['제천시립도서관', '제천기적의도서관']],
  ['43720', ['보은군립도서관']],
  ['43730', ['가양도서관', '옥천교육도서관']],
  ['43740', ['레인보우영동도서관']],
  ['43745', ['증평군립도서관']],
  ['43750', ['진천군립도서관', '진천군립광혜원도서관', '생거진천혁신도시도서관']],
  ['43760', ['괴산군립도서관']],
  ['43770', ['맹동혁신도서관', '대소도서관', '감곡도서관', '삼성도서관', '음성교육도서관', '금왕교육도서관']],
  ['43800', ['다누리도서관', '매포도서관', '단양교육도서관']],
];

export interface SeedLibrary {
  code: string;
  name: string;
  city: string;
  order: number;
}

export const SEED_LIBRARIES: readonly SeedLibrary[] = BY_CITY.flatMap(([city, names], c) =>
  names.map((name, i) => ({ code: `${city}${String(i + 1).padStart(2, '0')}`, name, city, order: c * 100 + i })),
);

/** A member's home library: the first library of their city, county or gu. */
export function homeLibraryOf(city: string | null): SeedLibrary {
  const first = SEED_LIBRARIES[0];
  if (!first) throw new Error('no libraries to seed');
  return SEED_LIBRARIES.find((l) => l.city === city) ?? first;
}
