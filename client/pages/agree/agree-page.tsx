/**
 * Terms agreement (docs/product.md §2 /agree/agree): the terms and the privacy notice from the
 * homepage API, two required consents and one optional; submitting updates the member
 * and continues where they were going.
 */
import { useState } from 'react';
import { redirect, useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import type { SystemContent } from '#shared/contract/content.ts';
import { messages } from '#shared/messages.ts';
import { agreeText } from './messages.ts';
import { consentText } from '#client/components/consent-messages.ts';
import { HOME_PATH } from '#shared/routes.ts';
import { safeReturnPath } from '#shared/safe-redirect.ts';
import { homepage } from '#client/api/homepage.ts';
import { writeKeyOf } from '#client/forms/drafts.ts';
import { WriteForm } from '#client/forms/write-form.tsx';
import { portal } from '#client/api/portal.ts';
import { formError, formOk, FormMessage, field, onServer, useFormFeedback, type FormResult } from '#client/forms/form-result.tsx';
import { firstMissing } from '#client/forms/required.ts';
import { loadSystemContent } from '#client/components/system-content.tsx';
import { rereadSession, signOutAndForget } from '#client/session/actions.ts';
import { useSessionStore, useSessionUser } from '#client/session/session-context.tsx';
import { announce, onArrival } from '#client/shell/announce.ts';
import { useConfig } from '#client/shell/config-context.tsx';

interface Data {
  terms: SystemContent | null;
  privacy: SystemContent | null;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<Data> {
  const [terms, privacy] = await Promise.all([loadSystemContent(context, 'terms'), loadSystemContent(context, 'privacy')]);
  return { terms, privacy };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const missing = firstMissing(form, [
    { name: 'agree_terms', label: agreeText.terms, consent: true },
    { name: 'agree_privacy', label: agreeText.privacy, consent: true },
  ]);
  if (missing) return formError(context, missing.message, { field: missing.field });
  const saved = await homepage(context).post('/user/info', {
    body: { agree_yn: 'Y', notice_yn: field(form, 'notice_yn') ? 'Y' : 'N' },
    idempotencyKey: writeKeyOf(form),
  });
  if (saved.result !== 'success') return formError(context, saved.msg);
  if (onServer(context)) {
    // The session cookie carries the agreement: re-read it, then continue where the member was going.
    await portal(context).refreshSession();
    throw redirect(safeReturnPath(new URL(request.url).searchParams.get('returnTo')) ?? HOME_PATH);
  }
  return formOk(context, undefined);
}

function Document({ id, doc }: { id: string; doc: SystemContent | null }) {
  return (
    // A scrollable region must be reachable by keyboard (tabIndex) and named.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="agree__doc" id={id} tabIndex={0} role="region" aria-label={doc?.title ?? messages.error.temporary}>
      {doc ? (
        doc.sections.map((s) => (
          <section key={s.heading}>
            <h3>{s.heading}</h3>
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
      {/* The document's title is a heading (h2, its sections h3), as on /service/terms (decision 0131). */}
      <legend>
        <h2 className="agree__title">{props.doc?.title ?? props.label}</h2> <span className="badge badge--point">{agreeText.required}</span>
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
        {agreeText.consent(props.label)}
      </label>
    </fieldset>
  );
}

export default function AgreePage() {
  const { terms, privacy } = useLoaderData<Data>();
  const user = useSessionUser();
  const store = useSessionStore();
  const { redirectHosts } = useConfig();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const result = useActionData<FormResult>();
  const [params] = useSearchParams();
  // A member who already agreed sees their consents as given.
  const agreed = user?.isHomeAgreeYn === 'Y';
  const [checked, setChecked] = useState({ terms: agreed, privacy: agreed, notice: user?.isHomeNoticeYn === 'Y' });
  const busy = navigation.state === 'submitting';
  const all = checked.terms && checked.privacy && checked.notice;

  useFormFeedback(result, () => {
    // Re-read the session so the server's cookie and the browser agree on the terms; the page it
    // goes on to says it is done (decision 0143).
    onArrival(() => announce(agreeText.done));
    void rereadSession(store).then(() => navigate(safeReturnPath(params.get('returnTo')) ?? HOME_PATH, { replace: true }));
  });

  return (
    <div className="container section stack narrow">
      <p className="lead">{agreeText.intro}</p>
      <FormMessage result={result} id="agree-message" />
      <WriteForm replace className="agree" noValidate aria-busy={busy}>
        <label className="check agree__all">
          <input
            type="checkbox"
            checked={all}
            onChange={(e) => setChecked({ terms: e.target.checked, privacy: e.target.checked, notice: e.target.checked })}
          />
          {agreeText.all}
        </label>
        <Consent
          name="agree_terms"
          docId="terms-text"
          doc={terms}
          label={agreeText.terms}
          checked={checked.terms}
          onChange={(v) => setChecked({ ...checked, terms: v })}
        />
        <Consent
          name="agree_privacy"
          docId="privacy-text"
          doc={privacy}
          label={agreeText.privacy}
          checked={checked.privacy}
          onChange={(v) => setChecked({ ...checked, privacy: v })}
        />
        <fieldset className="agree__item">
          <legend>
            {consentText.notice} <span className="badge badge--gray">{agreeText.optional}</span>
          </legend>
          <label className="check">
            <input type="checkbox" name="notice_yn" value="Y" checked={checked.notice} onChange={(e) => setChecked({ ...checked, notice: e.target.checked })} />
            {agreeText.noticeHint}
          </label>
        </fieldset>
        <div className="agree__actions">
          <button type="button" className="btn btn--tertiary" onClick={() => void signOutAndForget(store, redirectHosts)}>
            {agreeText.cancel}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {agreeText.submit}
          </button>
        </div>
      </WriteForm>
    </div>
  );
}
