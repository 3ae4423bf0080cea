/**
 * Education certification (docs/product.md §2 /edu/eduBook): request certification of a completed
 * course (per type, limited per month) and follow the requests.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router-dom';
import type { AuthenticationListAnswer, EduTypesAnswer } from '#shared/contract/activity.ts';
import { messages } from '#shared/messages.ts';
import { homepage } from '#client/api/homepage.ts';
import { ActivityRows } from '#client/components/activity-rows.tsx';
import { checkRequired } from '#client/forms/required.ts';
import { useDialogs } from '#client/shell/dialogs.tsx';
import { eduText as t } from './messages.ts';

interface Data {
  types: EduTypesAnswer['edu_types'];
  list: AuthenticationListAnswer | null;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<Data> {
  const api = homepage(context);
  const [types, list] = await Promise.all([
    api.get('/activity/edutypes'),
    api.get('/activity/authentication/:type', { params: { type: 'edu' }, query: { size: 10 } }),
  ]);
  return { types: types.result === 'success' ? types.edu_types : [], list: list.result === 'success' ? list : null };
}

export default function EduPage() {
  const { types, list } = useLoaderData<Data>();
  const dialogs = useDialogs();
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const [type, setType] = useState(types[0]?.edu_type ?? '');
  const [busy, setBusy] = useState(false);
  const chosen = types.find((t) => t.edu_type === type);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const check = checkRequired(formRef.current, [
      { name: 'course_name', label: t.course },
      { name: 'certificate_no', label: t.certificate },
      { name: 'completed_on', label: t.completedOn },
    ]);
    if (!check.ok) {
      await dialogs.alert(check.message);
      check.focus?.focus();
      return;
    }
    const form = new FormData(formRef.current ?? undefined);
    setBusy(true);
    try {
      const answer = await homepage().post('/activity/authentication/edu', {
        body: {
          edu_type: type,
          course_name: String(form.get('course_name')).trim(),
          certificate_no: String(form.get('certificate_no')).trim(),
          completed_on: String(form.get('completed_on')),
        },
      });
      await dialogs.alert(answer.msg);
      if (answer.result === 'success') {
        formRef.current?.reset();
        await revalidator.revalidate();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container section stack">
      <p className="lead">{t.lead}</p>
      <section className="card" aria-labelledby="request-title">
        <h2 id="request-title" className="card__title">
          {t.request}
        </h2>
        {list && (
          <p className="field__hint">{t.monthCount(list.earned_count_month, list.monthly_limit)}</p>
        )}
        <form ref={formRef} className="stack-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
          <div className="field">
            <label className="field__label" htmlFor="edu_type">
              {t.type}
            </label>
            <select id="edu_type" name="edu_type" className="select" value={type} onChange={(e) => setType(e.target.value)}>
              {types.map((t) => (
                <option key={t.edu_type} value={t.edu_type}>
                  {t.name}
                </option>
              ))}
            </select>
            {chosen && <p className="field__hint">{chosen.description}</p>}
          </div>
          <div className="field">
            <label className="field__label" htmlFor="course_name">
              {t.course}
            </label>
            <input id="course_name" name="course_name" className="input" maxLength={100} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="certificate_no">
              {t.certificate}
            </label>
            <input id="certificate_no" name="certificate_no" className="input" maxLength={40} aria-describedby="cert-hint" />
            <p id="cert-hint" className="field__hint">
              {chosen ? t.example(chosen.number_example) : ''}
            </p>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="completed_on">
              {t.completedOn}
            </label>
            <input id="completed_on" name="completed_on" className="input" type="date" />
          </div>
          <div className="card__actions">
            <button type="submit" className="btn btn--primary" disabled={busy || !type}>
              {t.submit}
            </button>
          </div>
        </form>
      </section>
      <section className="card" aria-labelledby="requests-title">
        <h2 id="requests-title" className="card__title">
          {t.requests}
        </h2>
        {list === null ? (
          <p className="empty">{messages.error.temporary}</p>
        ) : list.activity_list.length === 0 ? (
          <p className="empty">{t.none}</p>
        ) : (
          <ActivityRows items={list.activity_list} showType={false} />
        )}
      </section>
    </div>
  );
}
