/**
 * Edit member information (spec §2 /mypage/information): contact, region and notice
 * consent. Changes ask for the current password again (decisions D3).
 */
import { useRef, useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router-dom';
import type { Region, RegionListAnswer } from '#shared/contract/code.ts';
import type { UserInfoAnswer, UserProfile } from '#shared/contract/user.ts';
import { messages } from '#shared/messages.ts';
import type { LoginResponse } from '#shared/session.ts';
import { api } from '#client/api/client.ts';
import { homepageFrom } from '#client/api/homepage-source.ts';
import { formatDate, formatDay } from '#client/components/format.ts';
import { checkRequired } from '#client/components/required.ts';
import { signedIn } from '#client/session/actions.ts';
import { useSessionStore } from '#client/session/session-context.tsx';
import { useDialogs } from '#client/shell/dialogs.tsx';

const PROVINCE = '43';

interface Data {
  profile: UserProfile | null;
  cities: Region[];
}

export async function loader({ context }: LoaderFunctionArgs): Promise<Data> {
  const homepage = homepageFrom(context);
  const [info, level2] = await Promise.all([
    homepage.get<UserInfoAnswer>('/user/info'),
    homepage.get<RegionListAnswer>(`/code/local/${PROVINCE}`),
  ]);
  const cities = level2.result === 'success' ? level2.region_list : [];
  // Cities with districts (청주시) are chosen by district.
  const withDistricts = await Promise.all(
    cities.map(async (c) => {
      if (!c.has_children || !/^\d{4}0$/.test(c.region_code)) return [c];
      const sub = await homepage.get<RegionListAnswer>(`/code/local/${PROVINCE}/${c.region_code}`);
      const districts = sub.result === 'success' ? sub.region_list.filter((r) => r.level === 3) : [];
      return districts.length > 0 ? districts.map((d) => ({ ...d, region_name: `${c.region_name} ${d.region_name}` })) : [c];
    }),
  );
  return { profile: info.result === 'success' ? info.user_info : null, cities: withDistricts.flat() };
}

export default function InformationPage() {
  const { profile, cities } = useLoaderData<Data>();
  const dialogs = useDialogs();
  const store = useSessionStore();
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  if (!profile) return <p className="container section empty">{messages.error.temporary}</p>;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const check = checkRequired(formRef.current, [{ name: 'current_password', label: '현재 비밀번호' }]);
    if (!check.ok) {
      await dialogs.alert(check.message);
      check.focus?.focus();
      return;
    }
    const form = new FormData(formRef.current ?? undefined);
    const city = String(form.get('city_code') ?? '');
    setBusy(true);
    try {
      const answer = await api<UserInfoAnswer>('/api/v1/homepage/user/info', {
        method: 'POST',
        body: {
          phone: String(form.get('phone') ?? '').trim(),
          email: String(form.get('email') ?? '').trim() || undefined,
          ...(city ? { province_code: PROVINCE, city_code: city } : {}),
          notice_yn: form.get('notice_yn') === 'Y' ? 'Y' : 'N',
          current_password: String(form.get('current_password')),
        },
      });
      if (answer.result !== 'success') {
        await dialogs.alert(answer.msg);
        document.getElementById('current_password')?.focus();
        return;
      }
      const session = await api<Extract<LoginResponse, { result: 'success' }>>('/api/token/refresh/auto', { method: 'POST' });
      if (session.result === 'success') signedIn(store, session);
      formRef.current?.reset();
      await dialogs.alert(messages.information.saved);
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container section stack narrow">
      <section className="card" aria-labelledby="who-title">
        <h2 id="who-title" className="card__title">
          회원 정보
        </h2>
        <dl className="summary-list">
          <div>
            <dt>이름</dt>
            <dd>{profile.user_name}</dd>
          </div>
          <div>
            <dt>아이디</dt>
            <dd>{profile.user_id}</dd>
          </div>
          <div>
            <dt>회원번호</dt>
            <dd>{profile.user_no}</dd>
          </div>
          <div>
            <dt>회원 유효기간</dt>
            <dd>{formatDay(profile.valid_until)}까지</dd>
          </div>
          <div>
            <dt>약관 동의</dt>
            <dd>{profile.agree_date ? `${formatDate(profile.agree_date)} 동의` : '동의 전'}</dd>
          </div>
        </dl>
      </section>
      <form ref={formRef} className="card stack-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy} aria-labelledby="edit-title">
        <h2 id="edit-title" className="card__title">
          {messages.information.title}
        </h2>
        <div className="field">
          <label className="field__label" htmlFor="phone">
            휴대전화 번호
          </label>
          <input id="phone" name="phone" className="input" type="tel" inputMode="tel" autoComplete="tel" defaultValue={profile.phone ?? ''} maxLength={20} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="email">
            이메일
          </label>
          <input id="email" name="email" className="input" type="email" autoComplete="email" defaultValue={profile.email ?? ''} maxLength={100} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="city_code">
            거주 시·군·구
          </label>
          <select id="city_code" name="city_code" className="select" defaultValue={profile.city_code ?? ''}>
            <option value="">선택 안 함</option>
            {cities.map((c) => (
              <option key={c.region_code} value={c.region_code}>
                {c.region_name}
              </option>
            ))}
          </select>
          {profile.region_name && <p className="field__hint">현재: {profile.region_name}</p>}
        </div>
        <div className="field">
          <label className="check">
            <input type="checkbox" name="notice_yn" value="Y" defaultChecked={profile.notice_yn === 'Y'} />
            {messages.agree.notice}
          </label>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="current_password">
            현재 비밀번호
          </label>
          <input id="current_password" name="current_password" className="input" type="password" autoComplete="current-password" maxLength={200} aria-describedby="pw-hint" />
          <p id="pw-hint" className="field__hint">
            {messages.information.passwordHint}
          </p>
        </div>
        <div className="card__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {messages.information.submit}
          </button>
        </div>
      </form>
    </div>
  );
}
