/**
 * Edit member information (docs/product.md §2 /mypage/information): contact, region and notice
 * consent. Changes ask for the current password again (docs/decisions/D3-sign-in-session-and-tokens.md). The form posts
 * (the password never lands in the address bar) and works without JavaScript: its action
 * then runs on the server and the page comes back with the result (decision 0031).
 */
import { useRef } from 'react';
import { redirect, useActionData, useLoaderData, useNavigation, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import type { Region } from '#shared/contract/code.ts';
import type { UserProfile } from '#shared/contract/user.ts';
import { messages } from '#shared/messages.ts';
import { informationText } from './messages.ts';
import { consentText } from '#client/components/consent-messages.ts';
import { INFORMATION_PATH } from '#shared/routes.ts';
import { homepage } from '#client/api/homepage.ts';
import { writeKeyOf } from '#client/forms/drafts.ts';
import { WriteForm } from '#client/forms/write-form.tsx';
import { portal } from '#client/api/portal.ts';
import { formatDate, formatDay } from '#client/components/format.ts';
import { field, fieldState, formError, formOk, FormMessage, onServer, useFormFeedback, type FormResult } from '#client/forms/form-result.tsx';
import { firstMissing } from '#client/forms/required.ts';
import { rereadSession } from '#client/session/actions.ts';
import { useSessionStore } from '#client/session/session-context.tsx';
import { useDialogs } from '#client/shell/dialogs.tsx';

const PROVINCE = '43';

interface Data {
  profile: UserProfile | null;
  cities: Region[];
}

export async function loader({ context }: LoaderFunctionArgs): Promise<Data> {
  const api = homepage(context);
  const [info, level2] = await Promise.all([api.get('/user/info'), api.get('/code/local/:a', { params: { a: PROVINCE } })]);
  const cities = level2.result === 'success' ? level2.region_list : [];
  // Cities with districts (청주시) are chosen by district.
  const withDistricts = await Promise.all(
    cities.map(async (c) => {
      if (!c.has_children || !/^\d{4}0$/.test(c.region_code)) return [c];
      const sub = await api.get('/code/local/:a/:b', { params: { a: PROVINCE, b: c.region_code } });
      const districts = sub.result === 'success' ? sub.region_list.filter((r) => r.level === 3) : [];
      return districts.length > 0 ? districts.map((d) => ({ ...d, region_name: `${c.region_name} ${d.region_name}` })) : [c];
    }),
  );
  return { profile: info.result === 'success' ? info.user_info : null, cities: withDistricts.flat() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const missing = firstMissing(form, [{ name: 'current_password', label: informationText.currentPassword }]);
  if (missing) return formError(context, missing.message, { field: missing.field });
  const city = field(form, 'city_code');
  const email = field(form, 'email').trim();
  const answer = await homepage(context).post('/user/info', {
    body: {
      phone: field(form, 'phone').trim(),
      ...(email ? { email } : {}),
      ...(city ? { province_code: PROVINCE, city_code: city } : {}),
      notice_yn: field(form, 'notice_yn') === 'Y' ? 'Y' : 'N',
      current_password: field(form, 'current_password'),
    },
    idempotencyKey: writeKeyOf(form),
  });
  if (answer.result !== 'success') return formError(context, answer.msg, { field: 'current_password' });
  if (onServer(context)) {
    // The session cookie carries the notice consent: re-read it, then show the page again (post/redirect/get).
    await portal(context).refreshSession();
    throw redirect(`${INFORMATION_PATH}?saved=1`);
  }
  return formOk(context, undefined, informationText.saved);
}

export default function InformationPage() {
  const { profile, cities } = useLoaderData<Data>();
  const result = useActionData<FormResult>();
  const [params] = useSearchParams();
  const dialogs = useDialogs();
  const store = useSessionStore();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = navigation.state === 'submitting';

  useFormFeedback(result, () => {
    void rereadSession(store).then(async () => {
      formRef.current?.reset();
      await dialogs.alert(informationText.saved);
    });
  });

  if (!profile) return <p className="container section empty">{messages.error.temporary}</p>;
  const saved = params.get('saved') === '1' && !result;

  return (
    <div className="container section stack narrow">
      <section className="card" aria-labelledby="who-title">
        <h2 id="who-title" className="card__title">
          {informationText.who}
        </h2>
        <dl className="summary-list">
          <div>
            <dt>{informationText.name}</dt>
            <dd>{profile.user_name}</dd>
          </div>
          <div>
            <dt>{informationText.id}</dt>
            <dd>{profile.user_id}</dd>
          </div>
          <div>
            <dt>{informationText.number}</dt>
            <dd>{profile.user_no}</dd>
          </div>
          <div>
            <dt>{informationText.validUntil}</dt>
            <dd>{informationText.until(formatDay(profile.valid_until))}</dd>
          </div>
          <div>
            <dt>{informationText.agreed}</dt>
            <dd>{profile.agree_date ? informationText.agreedOn(formatDate(profile.agree_date)) : informationText.notAgreed}</dd>
          </div>
        </dl>
      </section>
      <WriteForm ref={formRef} draft={{ id: 'information', kind: 'info' }} replace className="card stack-form" noValidate aria-busy={busy} aria-labelledby="edit-title">
        <h2 id="edit-title" className="card__title">
          {informationText.title}
        </h2>
        <FormMessage result={result} id="info-message" />
        {saved && (
          <p className="form-message" role="status">
            {informationText.saved}
          </p>
        )}
        <div className="field">
          <label className="field__label" htmlFor="phone">
            {informationText.phone}
          </label>
          <input id="phone" name="phone" className="input" type="tel" inputMode="tel" autoComplete="tel" defaultValue={profile.phone ?? ''} maxLength={20} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="email">
            {informationText.email}
          </label>
          <input id="email" name="email" className="input" type="email" autoComplete="email" defaultValue={profile.email ?? ''} maxLength={100} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="city_code">
            {informationText.city}
          </label>
          <select id="city_code" name="city_code" className="select" defaultValue={profile.city_code ?? ''}>
            <option value="">{informationText.noCity}</option>
            {cities.map((c) => (
              <option key={c.region_code} value={c.region_code}>
                {c.region_name}
              </option>
            ))}
          </select>
          {profile.region_name && <p className="field__hint">{informationText.currentCity(profile.region_name)}</p>}
        </div>
        <div className="field">
          <label className="check">
            <input type="checkbox" name="notice_yn" value="Y" defaultChecked={profile.notice_yn === 'Y'} />
            {consentText.notice}
          </label>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="current_password">
            {informationText.currentPassword}
          </label>
          <input
            id="current_password"
            name="current_password"
            className="input"
            type="password"
            autoComplete="current-password"
            maxLength={200}
            {...fieldState(result, 'current_password', 'info-message', 'pw-hint')}
          />
          <p id="pw-hint" className="field__hint">
            {informationText.passwordHint}
          </p>
        </div>
        <div className="card__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {informationText.submit}
          </button>
        </div>
      </WriteForm>
    </div>
  );
}
