/**
 * The root route's data: the notice strip (spec §9: notice type 1, display flag Y,
 * first item). Loaded on the server for the first page and kept across navigations.
 */
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router-dom';
import type { NoticeListAnswer } from '#shared/contract/board.ts';
import type { CodeAnswer } from '#shared/contract/code.ts';
import { LOGIN_PATH } from '#shared/routes.ts';
import { homepageFrom } from '../api/homepage-source.ts';

export interface RootData {
  notice: { key: number; subject: string } | null;
  /** The login redirect URL (code group 60, code 2; decisions D2). */
  loginUrl: string;
}

export async function rootLoader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const homepage = homepageFrom(context);
  const [notices, code] = await Promise.all([
    homepage.get<NoticeListAnswer>('/board/notice', { notice_type: '1', display_yn: 'Y' }),
    homepage.get<CodeAnswer>('/code/60/2'),
  ]);
  const first = notices.result === 'success' ? notices.notice_list[0] : undefined;
  return {
    notice: first ? { key: first.notice_info_key, subject: first.notice_subject } : null,
    loginUrl: code.result === 'success' && code.code_value ? code.code_value : LOGIN_PATH,
  };
}

/** Navigations keep the strip; an explicit revalidate() refreshes it. */
export function shouldRevalidateRoot({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}
