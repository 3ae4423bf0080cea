/**
 * The root route's data: the notice strip (docs/product.md §9: notice type 1, display flag Y, first
 * item; it streams in behind the shell) and the login redirect URL (code 60/2, decisions
 * docs/decisions/D2-answers-and-codes.md; public data the server caches, so it does not hold the first byte). Loaded on the
 * server for the first page and kept across navigations.
 */
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { LOGIN_PATH } from '#shared/routes.ts';
import { homepage } from '../api/homepage.ts';

export interface StripNotice {
  key: number;
  subject: string;
}

export interface RootData {
  /** The first notice; null: none; 'unavailable': the API could not say (never shown as "none", issue 38). */
  notice: Promise<StripNotice | null | 'unavailable'>;
  /** The login redirect URL (code group 60, code 2; docs/decisions/D2-answers-and-codes.md). */
  loginUrl: string;
}

async function stripNotice(context: unknown): Promise<StripNotice | null | 'unavailable'> {
  const answer = await homepage(context).get('/board/notice', { query: { notice_type: '1', display_yn: 'Y', size: 1 } });
  if (answer.result !== 'success') return 'unavailable';
  const first = answer.notice_list[0];
  return first ? { key: first.notice_info_key, subject: first.notice_subject } : null;
}

export async function rootLoader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const notice = stripNotice(context);
  const code = await homepage(context).get('/code/:group/:code', { params: { group: '60', code: '2' } });
  return { notice, loginUrl: code.result === 'success' && code.code_value ? code.code_value : LOGIN_PATH };
}

/** Navigations keep the strip; an explicit revalidate() refreshes it. */
export function shouldRevalidateRoot({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}
