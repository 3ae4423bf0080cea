/**
 * Education certification (docs/product.md §2 /edu/eduBook): request certification of a completed
 * course (per type, limited per month) and follow the requests. The request form is a page
 * action: it works without JavaScript (decision 0031).
 */
import { useState } from 'react';
import { useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import type { AuthenticationListAnswer, EduTypesAnswer } from '#shared/contract/activity.ts';
import { homepage } from '#client/api/homepage.ts';
import { ActivityRows } from '#client/components/activity-rows.tsx';
import { field, formError, FormMessage, formOk, useFormFeedback, initial, keptValues, type FormResult } from '#client/forms/form-result.tsx';
import { firstMissing } from '#client/forms/required.ts';
import { TextField } from '#client/forms/text-field.tsx';
import { writeKeyOf } from '#client/forms/drafts.ts';
import { WriteForm } from '#client/forms/write-form.tsx';
import { seoulToday } from '#client/components/seoul-day.ts';
import { useDialogs } from '#client/shell/dialogs.tsx';
import { eduText as t } from './messages.ts';
import { ListState } from '#client/components/list-state.tsx';

const FIELDS = ['edu_type', 'course_name', 'certificate_no', 'completed_on'] as const;
const MESSAGE_ID = 'edu-message';

interface Data {
  types: EduTypesAnswer['edu_types'];
  list: AuthenticationListAnswer | null;
  /** Today in Seoul: the API takes a completion date of this year up to today. */
  today: string;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<Data> {
  const api = homepage(context);
  const [types, list] = await Promise.all([
    api.get('/activity/edutypes'),
    api.get('/activity/authentication/:type', { params: { type: 'edu' }, query: { size: 10 } }),
  ]);
  return { types: types.result === 'success' ? types.edu_types : [], list: list.result === 'success' ? list : null, today: seoulToday() };
}

/** The request: the required fields, then the API's answer (its message, with or without points). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = keptValues(form, FIELDS);
  const missing = firstMissing(form, [
    { name: 'course_name', label: t.course },
    { name: 'certificate_no', label: t.certificate },
    { name: 'completed_on', label: t.completedOn },
  ]);
  if (missing) return formError(context, missing.message, { field: missing.field, values });
  const answer = await homepage(context).post('/activity/authentication/edu', {
    body: {
      edu_type: field(form, 'edu_type'),
      course_name: field(form, 'course_name').trim(),
      certificate_no: field(form, 'certificate_no').trim(),
      completed_on: field(form, 'completed_on'),
    },
    idempotencyKey: writeKeyOf(form),
  });
  if (answer.result !== 'success') return formError(context, answer.msg, { values });
  return formOk(context, answer.activity_key, answer.msg);
}

export default function EduPage() {
  const { types, list, today } = useLoaderData<Data>();
  const result = useActionData<FormResult<number>>();
  const busy = useNavigation().state === 'submitting';
  const dialogs = useDialogs();
  useFormFeedback(result, (ok) => {
    if (ok.message) void dialogs.alert(ok.message);
  });
  const [type, setType] = useState(() => initial(result, 'edu_type', types[0]?.edu_type ?? ''));
  const chosen = types.find((t) => t.edu_type === type);
  // A new, empty form after each request the API took.
  const done = result?.ok ? result.value : 0;

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
        <WriteForm key={done} draft={{ id: 'edu', kind: 'edu' }} className="stack-form" noValidate aria-busy={busy}>
          <FormMessage result={result} id={MESSAGE_ID} />
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
          <TextField id="course_name" name="course_name" label={t.course} maxLength={100} result={result} messageId={MESSAGE_ID} />
          <TextField
            id="certificate_no"
            name="certificate_no"
            label={t.certificate}
            hint={chosen ? t.example(chosen.number_example) : ''}
            hintId="cert-hint"
            maxLength={40}
            result={result}
            messageId={MESSAGE_ID}
          />
          <TextField
            id="completed_on"
            name="completed_on"
            label={t.completedOn}
            hint={t.completedOnHint}
            type="date"
            short
            min={`${today.slice(0, 4)}-01-01`}
            max={today}
            result={result}
            messageId={MESSAGE_ID}
          />
          <div className="card__actions">
            <button type="submit" className="btn btn--primary" disabled={busy || !type}>
              {t.submit}
            </button>
          </div>
        </WriteForm>
      </section>
      <section className="card" aria-labelledby="requests-title">
        <h2 id="requests-title" className="card__title">
          {t.requests}
        </h2>
        <ListState of={list} items={(l) => l.activity_list} none={t.none}>
          {(l) => <ActivityRows items={l.activity_list} showType={false} />}
        </ListState>
      </section>
    </div>
  );
}
