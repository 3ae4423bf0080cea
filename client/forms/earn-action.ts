/** An earning write's action: the API's answer as the form's result. */
import type { EarnAnswer } from '#shared/contract/activity.ts';
import type { ErrorAnswer } from '#shared/contract/common.ts';
import { earnedOf } from './earn-result.tsx';
import { formError, formOk } from './form-result.tsx';

/** An earning write's answer as the action's result: refused with the API's message, or what it earned. */
export function earnAnswerResult(
  context: unknown,
  answer: EarnAnswer | ErrorAnswer,
  refusal: { field?: string; values?: Record<string, string> },
) {
  if (answer.result !== 'success') return formError(context, answer.msg, refusal);
  return formOk(context, earnedOf(answer));
}
