/**
 * What a write says while it waits, when it cannot be sent, and when it went through later
 * (issue 38, decision 0145): write.ts and outbox.ts, their own chunk.
 */

import type { PathOf } from './homepage.ts';

/** The paths of the writes (the operation table's patterns): a pattern not in the table is a type error. */
type WritePath = PathOf<'POST'> | PathOf<'PUT'> | PathOf<'DELETE'>;

/** A write's words. */
interface WriteWords {
  /** The overlay, once the wait is long: what is sent, and that a slow answer is awaited. */
  sending: string;
  /** Sent later from the device, and the API took it. */
  sent: string;
  /** Sent later from the device, and the API refused it (its reason follows). */
  refused: string;
  /** A write that counts for its Seoul day only (the challenge): not sent from the device after the day is over. */
  dayBound?: true;
}

/** What the overlay adds after a few seconds of waiting (issue 38: a slow save is not a stuck one). */
const SLOW = '연결이 느려 시간이 걸리고 있어요. 1분까지 기다린 뒤 알려 드릴게요.';

function words(object: string, subject = object, dayBound = false): WriteWords {
  return {
    sending: `${object} 보내고 있어요. ${SLOW}`,
    sent: `기다리던 ${object} 보냈어요.`,
    refused: `기다리던 ${subject} 저장되지 않았어요.`,
    ...(dayBound ? { dayBound: true as const } : {}),
  };
}

const byPath: { readonly [P in WritePath]?: WriteWords } = {
  '/activity/bookdiary': words('독서일지를', '독서일지가'),
  '/activity/bookreview': words('서평을', '서평이'),
  '/activity/bookreview/:review_key': words('고친 서평을', '고친 서평이'),
  '/activity/authentication/loan': words('대출 인증을', '대출 인증이'),
  '/activity/authentication/purchase': words('구매 인증을', '구매 인증이'),
  '/activity/authentication/authortalk': words('작가와의 만남 인증을', '작가와의 만남 인증이'),
  '/activity/authentication/edu': words('교육 인증을', '교육 인증이'),
  '/challenge/start': words('챌린지 시작을', '챌린지 시작이', true),
  '/challenge/checkin': words('오늘의 출석을', '오늘의 출석이', true),
  '/bookclub/:club_key/join': words('동아리 가입을', '동아리 가입이'),
  '/bookclub/:club_key/leave': words('동아리 탈퇴를', '동아리 탈퇴가'),
  '/bookclub/:club_key/meetings': words('모임 기록을', '모임 기록이'),
  '/bookclub/:club_key/nextmeeting': words('다음 모임 안내를', '다음 모임 안내가'),
  '/user/push': words('알림 설정을', '알림 설정이'),
  '/user/goal': words('올해 목표를', '올해 목표가'),
  '/user/info': words('회원정보를', '회원정보가'),
};

const anyWrite: WriteWords = words('보낸 내용을', '보낸 내용이');
const known = new Map<string, WriteWords | undefined>(Object.entries(byPath));

/** The words of the write to an operation's path (its pattern, `/bookclub/:club_key/join`). */
export function wordsOf(pattern: string): WriteWords {
  return known.get(pattern) ?? anyWrite;
}

export const writeText = {
  /** No network when the member saved: the write waits on the device. */
  offline: '인터넷에 연결되어 있지 않아요. 연결되면 보낼게요. 쓴 내용은 이 기기에 보관해 두었어요.',
  /** No network, and the device could not keep the write (storage refused): the draft still has the text. */
  notKept: '인터넷에 연결되어 있지 않아 보내지 못했어요. 연결된 뒤 다시 저장해 주세요.',
  /** The answer never came after the retries: the write may have been done. */
  unconfirmed: '저장되었는지 아직 확인하지 못했어요. 실패한 것이 아니니 다시 쓰지 않아도 돼요. 연결이 좋아지면 확인해서 알려 드릴게요.',
  /** The same key came with another text: an earlier version of this write was stored. */
  earlierStored: '고치기 전의 내용이 이미 저장되어 있어요. 기록 목록에서 확인해 주세요.',
  /** A write of the day (the challenge) that could not be sent before the day ended. */
  dayOver: '지난날에 누른 출석은 보내지 못했어요. 오늘 다시 출석해 주세요.',
} as const;
