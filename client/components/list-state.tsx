/**
 * A list's three states, said once (issue 38 part 7, issue 40 part 4): the could-not-load words
 * when the API could not give the list, the empty words only when it answered that there is
 * nothing, otherwise the list. A failed call never reads as "none": a member told "아직 기록이 없어요"
 * when the API was down would believe their diaries were lost.
 *
 * `of` is what the loader kept: the API's answer (or a list), an error answer (its own `msg` is
 * shown), or null when the loader could not ask (messages.error.temporary, or the page's own
 * `failed` words). `items` picks the list from a success; `children` draws it, non-empty.
 */
import type { ReactNode } from 'react';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { messages } from '#shared/messages.ts';

function isError(value: unknown): value is ErrorAnswer {
  return typeof value === 'object' && value !== null && 'result' in value && value.result === 'error';
}

export function ListState<A>({
  of,
  items,
  none,
  failed = messages.error.temporary,
  children,
}: {
  of: A | ErrorAnswer | null;
  items: (answer: NonNullable<A>) => readonly unknown[];
  none: ReactNode;
  failed?: ReactNode;
  children: (answer: NonNullable<A>) => ReactNode;
}) {
  if (of === null || of === undefined) return <p className="empty">{failed}</p>;
  if (isError(of)) return <p className="empty">{of.msg}</p>;
  if (items(of).length === 0) return typeof none === 'string' ? <p className="empty">{none}</p> : <>{none}</>;
  return <>{children(of)}</>;
}
