/**
 * What an earning write answered, said in plain Korean right after submitting
 * (docs/product.md (Messages) earn.done / earn.none): the points earned, or the API's reason for none;
 * with this month's count against the limit and the balance. Refusals (duplicates,
 * wrong input) are the form kit's: an alert with the API's message, the field focused
 * (earn-action.ts turns the API's answer into the action's result).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { EarnAnswer } from '#shared/contract/activity.ts';
import { balanceText, earnSentenceOf, monthCount } from '#shared/messages-programme.ts';
import type { FormResult } from './form-result.tsx';

export interface Earned {
  activityKey: number;
  points: number;
  /** The API's answer: for 0 points, why. */
  msg: string;
  balance: number;
  monthlyLimit: number | null;
  earnedCountMonth: number;
}

export function earnedOf(a: EarnAnswer): Earned {
  return {
    activityKey: a.activity_key,
    points: a.points,
    msg: a.msg,
    balance: a.balance,
    monthlyLimit: a.monthly_limit,
    earnedCountMonth: a.earned_count_month,
  };
}

/** The sentence a member reads after a write: earn.done or earn.none with the API's reason. */
export function earnSentence(e: Pick<Earned, 'points' | 'msg'>): string {
  return earnSentenceOf(e.points, e.msg);
}

/** The result panel: shown after a successful write (with and without JavaScript), focused in the browser. */
export function EarnResult({ result, children }: { result: FormResult<Earned> | undefined; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result?.ok && result.by === 'browser') ref.current?.focus();
  }, [result]);
  if (!result?.ok) return null;
  const e = result.value;
  return (
    <div ref={ref} className={`earn-result${e.points > 0 ? '' : ' earn-result--none'}`} role="status" tabIndex={-1}>
      <p className="earn-result__main">{earnSentence(e)}</p>
      <p className="earn-result__meta">
        {monthCount(e.earnedCountMonth, e.monthlyLimit)} · {balanceText(e.balance)}
      </p>
      {children && <div className="earn-result__actions">{children}</div>}
    </div>
  );
}
