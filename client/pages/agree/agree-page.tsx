/**
 * Terms agreement (spec §2 /agree/agree): the terms and the privacy notice from the
 * homepage API, two required consents and one optional; submitting updates the member
 * and continues where they were going.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { SystemContent } from '#shared/contract/content.ts';
import { messages } from '#shared/messages.ts';
import { HOME_PATH } from '#shared/routes.ts';
import { safeLocalPath } from '#shared/safe-redirect.ts';
import type { LoginResponse } from '#shared/session.ts';
import { api } from '#client/api/client.ts';
import { checkRequired } from '#client/components/required.ts';
import { loadSystemContent } from '#client/components/system-content.tsx';
import { signedIn, signOut } from '#client/session/actions.ts';
import { useSessionStore, useSessionUser } from '#client/session/session-context.tsx';
import { useConfig } from '#client/shell/config-context.tsx';
import { useDialogs } from '#client/shell/dialogs.tsx';

interface Data {
  terms: SystemContent | null;
  privacy: SystemContent | null;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<Data> {
  const [terms, privacy] = await Promise.all([loadSystemContent(context, 'terms'), loadSystemContent(context, 'privacy')]);
  return { terms, privacy };
}

function Document({ id, doc }: { id: string; doc: SystemContent | null }) {
  return (
    // A scrollable region must be reachable by keyboard (tabIndex) and named.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="agree__doc" id={id} tabIndex={0} role="region" aria-label={doc?.title ?? messages.error.temporary}>
      {doc ? (
        doc.sections.map((s) => (
          <section key={s.heading}>
            <h4>{s.heading}</h4>
            <p>{s.body}</p>
          </section>
        ))
      ) : (
        <p>{messages.error.temporary}</p>
      )}
    </div>
  );
}

/** A required consent: the document, then its checkbox. */
function Consent(props: {
  name: string;
  docId: string;
  doc: SystemContent | null;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <fieldset className="agree__item">
      <legend>
        {props.doc?.title ?? props.label} <span className="badge badge--point">{messages.agree.required}</span>
      </legend>
      <Document id={props.docId} doc={props.doc} />
      <label className="check">
        <input
          type="checkbox"
          name={props.name}
          checked={props.checked}
          onChange={(e) => props.onChange(e.target.checked)}
          aria-describedby={props.docId}
        />
        {props.label}에 동의합니다.
      </label>
    </fieldset>
  );
}

export default function AgreePage() {
  const { terms, privacy } = useLoaderData<Data>();
  const user = useSessionUser();
  const store = useSessionStore();
  const { redirectHosts } = useConfig();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const [checked, setChecked] = useState({ terms: false, privacy: false, notice: user?.isHomeNoticeYn === 'Y' });
  const [busy, setBusy] = useState(false);
  const all = checked.terms && checked.privacy && checked.notice;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const check = checkRequired(formRef.current, [
      { name: 'agree_terms', label: messages.agree.terms },
      { name: 'agree_privacy', label: messages.agree.privacy },
    ]);
    if (!check.ok) {
      await dialogs.alert(check.message);
      check.focus?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await api('/api/v1/homepage/user/info', {
        method: 'POST',
        body: { agree_yn: 'Y', notice_yn: checked.notice ? 'Y' : 'N' },
      });
      if (saved.result !== 'success') {
        await dialogs.alert(saved.msg);
        return;
      }
      // Re-read the session so the server's cookie and the browser agree on the terms.
      const session = await api<Extract<LoginResponse, { result: 'success' }>>('/api/token/refresh/auto', { method: 'POST' });
      if (session.result === 'success') signedIn(store, session);
      await navigate(safeLocalPath(params.get('returnTo')) ?? HOME_PATH, { replace: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container section stack narrow">
      <p className="lead">{messages.agree.intro}</p>
      <form ref={formRef} className="agree" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
        <label className="check agree__all">
          <input
            type="checkbox"
            checked={all}
            onChange={(e) => setChecked({ terms: e.target.checked, privacy: e.target.checked, notice: e.target.checked })}
          />
          {messages.agree.all}
        </label>
        <Consent
          name="agree_terms"
          docId="terms-text"
          doc={terms}
          label={messages.agree.terms}
          checked={checked.terms}
          onChange={(v) => setChecked({ ...checked, terms: v })}
        />
        <Consent
          name="agree_privacy"
          docId="privacy-text"
          doc={privacy}
          label={messages.agree.privacy}
          checked={checked.privacy}
          onChange={(v) => setChecked({ ...checked, privacy: v })}
        />
        <fieldset className="agree__item">
          <legend>
            {messages.agree.notice} <span className="badge badge--gray">{messages.agree.optional}</span>
          </legend>
          <label className="check">
            <input type="checkbox" name="notice_yn" checked={checked.notice} onChange={(e) => setChecked({ ...checked, notice: e.target.checked })} />
            새 공지, 행사, 챌린지 소식을 알림으로 받습니다.
          </label>
        </fieldset>
        <div className="agree__actions">
          <button type="button" className="btn btn--tertiary" onClick={() => void signOut(store, redirectHosts)}>
            {messages.agree.cancel}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {messages.agree.submit}
          </button>
        </div>
      </form>
    </div>
  );
}
