/** An earning write's action: the API's answer as the form's result, and the values a refused form keeps. */
import type { EarnAnswer } from '#shared/contract/activity.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { earnedOf } from './earn-result.tsx';
import { formError, formOk, type FormResult } from './form-result.tsx';

/** The submitted text fields, kept so a refused form posted without JavaScript comes back filled in. */
export function keptValues(form: FormData, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const v = form.get(name);
    if (typeof v === 'string') out[name] = v;
  }
  return out;
}

/** An earning write's answer as the action's result: refused with the API's message, or what it earned. */
export function earnAnswerResult(
  context: unknown,
  answer: EarnAnswer | ErrorAnswer,
  refusal: { field?: string; values?: Record<string, string> },
) {
  if (answer.result !== 'success') return formError(context, answer.msg, refusal);
  return formOk(context, earnedOf(answer));
}

/** The value a form may start with: what was posted (a refusal without JavaScript), else the default. */
export function initial(result: FormResult<unknown> | undefined, name: string, fallback = ''): string {
  return (result && !result.ok ? result.values?.[name] : undefined) ?? fallback;
}
