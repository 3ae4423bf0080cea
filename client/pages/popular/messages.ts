/** The popular books page's text. */
export const popularText = {
  lead: '도민이 독서일지와 서평을 많이 남기고 많이 빌린 책입니다. 일지 1점, 대출 2점, 서평 3점으로 순위를 매깁니다.',
  filters: '인기 도서 조건',
  period: '기간',
  age: '연령대',
  allAges: '전체 연령',
  region: '지역',
  allRegions: '충청북도 전체',
  province: '충청북도',
  submit: '보기',
  title: (region: string, period: string, age: string | undefined) => `${region} · ${period}${age ? ` · ${age}` : ''} 인기 도서`,
  empty: '이 조건에 맞는 인기 도서가 아직 없습니다. 기간을 늘리거나 지역·연령대를 넓혀 보세요.',
  diary: '일지',
  review: '서평',
  loan: '대출',
  rank: (n: number) => `${n}위`,
} as const;

export const PERIODS = { week: '최근 1주', month: '최근 1개월', year: '최근 1년' } as const;
export const AGES = { '10': '10대', '20': '20대', '30': '30대', '40': '40대', '50': '50대', '60': '60대 이상' } as const;
