/**
 * Starting a 21-day challenge and checking in, said once (issue 40): the challenge page and the
 * member home's card send the same write with its key (issue 38) and tell the member the same
 * thing — the API's words and the balance after (decision 0143). Here, not in either page, as
 * pages import no other page's files.
 */
import { redirect, type ActionFunctionArgs } from 'react-router-dom';
import { balanceText, programmeMessages } from '#shared/messages-programme.ts';
import { homepage } from '#client/api/homepage.ts';
import { writeKeyOf } from './drafts.ts';
import { field, formError, formOk, onServer } from './form-result.tsx';

const WRITES = { start: '/challenge/start', checkin: '/challenge/checkin' } as const;
export type ChallengeIntent = keyof typeof WRITES;

export function isChallengeIntent(v: string | null): v is ChallengeIntent {
  return v !== null && Object.hasOwn(WRITES, v);
}

/** Sends a start or a check-in under `writeKey`; a success's words say the points and the balance after. */
export async function sendChallenge(intent: ChallengeIntent, writeKey: string | undefined, context?: unknown): Promise<{ ok: boolean; message: string }> {
  const answer = await homepage(context).post(WRITES[intent], { idempotencyKey: writeKey });
  return answer.result === 'success' ? { ok: true, message: `${answer.msg} ${balanceText(answer.balance)}` } : { ok: false, message: answer.msg };
}

/**
 * The form post, with or without JavaScript: the form's `intent` and write key, then the refusal
 * (409) or the outcome. Without JavaScript it is post/redirect/get, to `back(intent)`.
 */
export async function challengeFormAction({ request, context }: ActionFunctionArgs, back: (intent: ChallengeIntent) => string) {
  const form = await request.formData();
  const intent = field(form, 'intent');
  if (!isChallengeIntent(intent)) return formError(context, programmeMessages.unknownAction);
  const sent = await sendChallenge(intent, writeKeyOf(form), context);
  if (!sent.ok) return formError(context, sent.message, { status: 409 });
  if (onServer(context)) throw redirect(back(intent));
  return formOk(context, intent, sent.message);
}
