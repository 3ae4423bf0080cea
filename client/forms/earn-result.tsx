/**
 * What an earning write answered, said in plain Korean right after submitting
 * (docs/product.md (Messages) earn.done / earn.none): the points earned, or the API's reason for none;
 * with this month's count against the limit and the balance. Refusals (duplicates,
 * wrong input) are the form kit's: an alert with the API's message, the field focused
 * (earn-action.ts turns the API's answer into the action's result).
 *
 * The panel (ResultPanel, also a review's edit's and a club meeting's): in the browser its
 * sentence is said once by the announcer (decision 0143) and the focus moves to the panel's
 * first action: the form it answers is a new, empty one, and the panel itself is not where the
 * focus goes, or a screen reader would read the sentence a second time.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { EarnAnswer } from '#shared/contract/activity.ts';
import { balanceText, earnSentenceOf, monthCount } from '#shared/messages-programme.ts';
import type { FormResult } from './form-result.tsx';
import { announce } from '#client/shell/announce.ts';

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

/**
 * A write's answer shown above its form: its sentence and figures, then what the page adds (its
 * actions in `.earn-result__actions`, a table of details). Once per answer made in the browser,
 * they are announced and the focus goes to the first action (a link; a meeting's: its table).
 */
export function ResultPanel({
  answer,
  main,
  meta,
  none,
  children,
}: {
  /** The action's answer: each new one (its value, an object the action made) is said once. */
  answer: Extract<FormResult<object>, { ok: true }>;
  /** The sentence. */
  main: string;
  /** What it adds (this month's count, the balance): shown on one line under it, said after it. */
  meta?: readonly string[];
  /** An answer that earned nothing: drawn as such. */
  none?: boolean;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer.by !== 'browser') return;
    ref.current?.querySelector<HTMLElement>('a, table')?.focus();
    announce(meta ? `${main} ${meta.join(', ')}` : main);
    // Once per answer: the action returns a new value each time (a page may wrap it anew on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer.value]);
  return (
    <div ref={ref} className={`earn-result${none ? ' earn-result--none' : ''}`}>
      <p className="earn-result__main">{main}</p>
      {meta && <p className="earn-result__meta">{meta.join(' · ')}</p>}
      {children}
    </div>
  );
}

/** The result panel of an earning write: shown after a successful write (with and without JavaScript). */
export function EarnResult({ result, children }: { result: FormResult<Earned> | undefined; children?: ReactNode }) {
  if (!result?.ok) return null;
  const e = result.value;
  return (
    <ResultPanel answer={result} main={earnSentence(e)} meta={[monthCount(e.earnedCountMonth, e.monthlyLimit), balanceText(e.balance)]} none={e.points === 0}>
      {children && <div className="earn-result__actions">{children}</div>}
    </ResultPanel>
  );
}
