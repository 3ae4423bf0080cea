/** The reading diary form's text. */
export const diaryText = {
  start: '독서일지 쓰기',
  label: '오늘 읽은 내용과 느낀 점',
  hint: '하루 한 번 적립됩니다.',
  max: (max: number) => `${max}자`,
  submit: '일지 저장',
  empty: '독서일지 내용을 입력해 주세요.',
} as const;

/** The search form and its results' text. */
export const searchText = {
  form: '도서 검색',
  query: '검색어',
  field: '검색 대상',
  fields: { all: '전체', title: '제목', author: '지은이', publisher: '출판사', isbn: 'ISBN' },
  placeholder: '책 제목, 지은이, 출판사, ISBN 또는 초성(예: ㅎㄱ)',
  submit: '검색',
  hint: '여러 낱말을 넣으면 모두 들어간 책을 찾아요(예: 한강 소년). 초성으로도 찾을 수 있어요(예: ㅎㄱ). 읽을 책을 고르면 독서일지를 시작할 수 있습니다.',
  resultTitle: (q: string) => `‘${q}’ 검색 결과`,
  count: (total: string) => `${total}권`,
  order: '정확도순',
  choseong: (q: string) => `초성 검색: 제목이나 지은이의 첫소리가 ‘${q}’인 책입니다.`,
  allWords: (words: readonly string[]) => `${words.map((w) => `‘${w}’`).join(', ')} 낱말이 모두 들어간 책입니다.`,
  none: (q: string) => `‘${q}’에 맞는 책을 찾지 못했어요.`,
  tryFewer: '낱말을 줄여 찾아보세요:',
  tryChoseong: '초성으로 찾아보세요:',
  tryAllFields: '검색 대상을 전체로 바꿔 찾아보세요:',
  trySpelling: '맞춤법과 띄어쓰기를 확인하거나, 책 제목의 일부만 넣어 보세요.',
  resultPages: '검색 결과 페이지',
} as const;
