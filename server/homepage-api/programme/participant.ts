/** Who may write: an active member who agreed to the terms (docs/decisions/D6-menu-two-level.md). */
import type { Member } from '../store/members.ts';
import { effectiveStatus } from '../store/members.ts';
import { ApiError } from '../errors.ts';
import { apiMessages } from '#shared/messages-api.ts';

export function requireParticipant(m: Member, now: number): void {
  const status = effectiveStatus(m, now);
  if (status !== 'active') throw new ApiError(409, apiMessages.joincheck[status]);
  if (m.agreeYn !== 'Y') throw new ApiError(409, apiMessages.activity.agreeRequired);
}

/** Characters as a member counts them (code points, after NFC). */
export function charCount(s: string): number {
  return [...s.normalize('NFC')].length;
}

/** The Korean masked form of a name: 김*, 김*수, 남궁*수. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}
