/** 작가와의 만남 인증: the events near today (which one can be certified today), and the check-in code; and its action. */
import { formatDay } from '#client/components/format.ts';
import { ListState } from '#client/components/list-state.tsx';
import { type Earned } from '#client/forms/earn-result.tsx';
import { field, type FormResult } from '#client/forms/form-result.tsx';
import { TextField } from '#client/forms/text-field.tsx';
import type { CertForm } from './certify-page.tsx';
import { certAction } from './cert-action.ts';
import { CERT_MESSAGE, CertFormFrame } from './cert-form-frame.tsx';
import { certifyText } from './messages.ts';

type TalkData = Extract<CertForm, { type: 'authortalk' }>;

/** 작가와의 만남 인증's action: the code, then the API's answer. */
export function talkAction(form: FormData, context: unknown) {
  return certAction(form, context, {
    kept: ['check_in_code'],
    required: [{ name: 'check_in_code', label: certifyText.code }],
    write: (form) => ({ type: 'authortalk', body: { check_in_code: field(form, 'check_in_code').trim() } }),
    refusedAt: 'check_in_code',
  });
}

type Talk = NonNullable<TalkData['talks']>[number];

function stateOf(t: Talk, today: string | null): { text: string; cls: string } {
  if (t.checked_in_yn === 'Y') return { text: certifyText.talkDone, cls: 'badge--success' };
  if (t.checkin_open_yn === 'Y') return { text: certifyText.talkOpen, cls: '' };
  if (today !== null && t.held_on < today) return { text: certifyText.talkPast, cls: 'badge--gray' };
  return { text: certifyText.talkSoon, cls: 'badge--gray' };
}

export function TalkForm({ form, result }: { form: TalkData; result: FormResult<Earned> | undefined }) {
  // Today's events first, then the coming ones, then the past (most recent first).
  const rank = (t: Talk) => (t.checkin_open_yn === 'Y' ? 0 : form.today !== null && t.held_on < form.today ? 2 : 1);
  const talks = form.talks && [...form.talks].sort((a, b) => rank(a) - rank(b) || (rank(a) === 2 ? b.held_on.localeCompare(a.held_on) : a.held_on.localeCompare(b.held_on)));
  return (
    <>
      <h3 className="sub-title">{certifyText.talks}</h3>
      <ListState of={talks} items={(l) => l} none={certifyText.talksNone}>
        {(talks) => (
          <ul className="talk-list">
            {talks.map((t) => {
              const state = stateOf(t, form.today);
              return (
                <li key={t.event_key} className={`talk${t.checkin_open_yn === 'Y' ? ' is-open' : ''}`}>
                  <span className={`badge ${state.cls}`}>{state.text}</span>
                  <strong className="talk__title">{t.title}</strong>
                  <span className="talk__meta">
                    <time dateTime={t.held_on}>{formatDay(t.held_on)}</time> · {t.venue}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </ListState>
      <CertFormFrame type="authortalk" result={result}>
        <TextField
          id="check_in_code"
          name="check_in_code"
          label={certifyText.code}
          hint={certifyText.codeHint}
          short
          maxLength={12}
          autoComplete="off"
          autoCapitalize="characters"
          result={result}
          messageId={CERT_MESSAGE}
        />
      </CertFormFrame>
    </>
  );
}
