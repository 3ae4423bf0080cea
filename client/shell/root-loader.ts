/**
 * The root route's data: the notice strip (spec §9: notice type 1, display flag Y,
 * first item). Loaded on the server for the first page and kept across navigations.
 */
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router-dom';
import type { NoticeListAnswer } from '../../shared/contract/board.ts';
import { homepageFrom } from '../api/homepage-source.ts';

export interface RootData {
  notice: { key: number; subject: string } | null;
}

export async function rootLoader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const answer = await homepageFrom(context).get<NoticeListAnswer>('/board/notice', { notice_type: '1', display_yn: 'Y' });
  const first = answer.result === 'success' ? answer.notice_list[0] : undefined;
  return { notice: first ? { key: first.notice_info_key, subject: first.notice_subject } : null };
}

/** Navigations keep the strip; an explicit revalidate() refreshes it. */
export function shouldRevalidateRoot({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}
