/**
 * Region codes of 충청북도 (decision 0104). Province and city/county/gu codes are the
 * official administrative codes (행정구역 시군구 코드); town (읍·면·동) codes are this
 * API's own: the parent's 5 digits + a 3-digit sequence. Names are the real 읍·면·동.
 */
export interface SeedRegion {
  code: string;
  name: string;
  parent: string | null;
  level: 1 | 2 | 3 | 4;
  order: number;
}

const CITIES: [code: string, name: string, towns: string[]][] = [
  ['43111', '상당구', ['중앙동', '성안동', '탑대성동', '영운동', '금천동', '용담명암산성동', '용암1동', '용암2동', '낭성면', '미원면', '가덕면', '남일면', '문의면']],
  ['43112', '서원구', ['사직1동', '사직2동', '사창동', '모충동', '산남동', '분평동', '수곡1동', '수곡2동', '성화개신죽림동', '남이면', '현도면']],
  ['43113', '흥덕구', ['운천신봉동', '복대1동', '복대2동', '가경동', '봉명1동', '봉명2송정동', '강서1동', '강서2동', '오송읍', '강내면', '옥산면']],
  ['43114', '청원구', ['우암동', '내덕1동', '내덕2동', '율량사천동', '오근장동', '내수읍', '오창읍', '북이면']],
  ['43130', '충주시', ['주덕읍', '살미면', '수안보면', '대소원면', '신니면', '노은면', '앙성면', '중앙탑면', '금가면', '동량면', '산척면', '엄정면', '소태면', '성내충인동', '교현안림동', '교현2동', '용산동', '지현동', '문화동', '호암직동', '달천동', '봉방동', '칠금금릉동', '연수동', '목행용탄동']],
  ['43150', '제천시', ['봉양읍', '금성면', '청풍면', '수산면', '덕산면', '한수면', '백운면', '송학면', '의림지동', '중앙동', '남현동', '교동', '영서동', '용두동', '신백동', '청전동', '화산동']],
  ['43720', '보은군', ['보은읍', '속리산면', '장안면', '마로면', '탄부면', '삼승면', '수한면', '회남면', '회인면', '내북면', '산외면']],
  ['43730', '옥천군', ['옥천읍', '동이면', '안남면', '안내면', '청성면', '청산면', '이원면', '군서면', '군북면']],
  ['43740', '영동군', ['영동읍', '용산면', '황간면', '추풍령면', '매곡면', '상촌면', '양강면', '용화면', '학산면', '양산면', '심천면']],
  ['43745', '증평군', ['증평읍', '도안면']],
  ['43750', '진천군', ['진천읍', '덕산읍', '초평면', '문백면', '백곡면', '이월면', '광혜원면']],
  ['43760', '괴산군', ['괴산읍', '감물면', '장연면', '연풍면', '칠성면', '문광면', '청천면', '청안면', '사리면', '소수면', '불정면']],
  ['43770', '음성군', ['음성읍', '금왕읍', '소이면', '원남면', '맹동면', '대소면', '삼성면', '생극면', '감곡면']],
  ['43800', '단양군', ['단양읍', '매포읍', '대강면', '가곡면', '영춘면', '어상천면', '적성면', '단성면']],
];

const TOP: [code: string, name: string][] = [
  ['43110', '청주시'], ['43130', '충주시'], ['43150', '제천시'], ['43720', '보은군'], ['43730', '옥천군'],
  ['43740', '영동군'], ['43745', '증평군'], ['43750', '진천군'], ['43760', '괴산군'], ['43770', '음성군'], ['43800', '단양군'],
];

function build(): SeedRegion[] {
  const out: SeedRegion[] = [{ code: '43', name: '충청북도', parent: null, level: 1, order: 1 }];
  TOP.forEach(([code, name], i) => out.push({ code, name, parent: '43', level: 2, order: i + 1 }));
  for (const [code, name, towns] of CITIES) {
    if (code.startsWith('4311') && code !== '43110') {
      out.push({ code, name, parent: '43110', level: 3, order: Number(code.slice(4)) });
    }
    towns.forEach((t, i) =>
      out.push({ code: `${code}${String(i + 1).padStart(3, '0')}`, name: t, parent: code, level: 4, order: i + 1 }),
    );
  }
  return out;
}

export const SEED_REGIONS: readonly SeedRegion[] = build();

/** Cities/counties (and Cheongju's gu) where members and bookstores live. */
export const CITY_CODES = ['43111', '43112', '43113', '43114', '43130', '43150', '43720', '43730', '43740', '43745', '43750', '43760', '43770', '43800'];

export function townsOf(cityCode: string): string[] {
  return SEED_REGIONS.filter((r) => r.parent === cityCode).map((r) => r.code);
}
