/** The partner bookstores page's own text. */
export const bookstoreText = {
  guide: '참여 서점 이용 안내',
  stores: '지역별 참여 서점',
  regionForm: '참여 서점 지역 선택',
  city: '시·군·구',
  allRegions: '전체 지역',
  region: (name: string, count: number) => `${name} (${count}곳)`,
  show: '보기',
  none: '이 지역에는 아직 참여 서점이 없습니다.',
  /** After the number of stores. */
  count: '곳',
  address: '주소',
  phone: '전화',
  hours: '영업시간',
  closed: '쉬는 날',
  pages: '참여 서점 페이지',
} as const;
