/** What a write form says about the draft kept on the device (write-form.tsx, issue 38). */

/** The kinds of draft, each with the sentence said when it is brought back. */
export const draftRestored = {
  diary: '작성 중이던 독서일지를 불러왔어요.',
  review: '작성 중이던 서평을 불러왔어요.',
  loan: '작성 중이던 대출 인증을 불러왔어요.',
  purchase: '작성 중이던 구매 인증을 불러왔어요.',
  authortalk: '작성 중이던 작가와의 만남 인증을 불러왔어요.',
  edu: '작성 중이던 교육 인증을 불러왔어요.',
  meeting: '작성 중이던 모임 기록을 불러왔어요.',
  nextMeeting: '작성 중이던 다음 모임 안내를 불러왔어요.',
  goal: '입력 중이던 올해 목표를 불러왔어요.',
  info: '수정 중이던 회원정보를 불러왔어요.',
} as const;

export type DraftKind = keyof typeof draftRestored;

export const draftText = {
  discard: '불러온 내용 지우기',
  note: '쓴 내용은 저장될 때까지 이 기기에 보관돼요.',
} as const;
