/**
 * The generic required-field check (docs/product.md §5), the one rule every form's action
 * applies to what was submitted: the first empty field gets "{label}을/를 입력해 주세요."
 * (a consent checkbox: "{label}에 동의해 주세요.") and the focus (form-result.tsx). A post
 * that is not the form at all (no intent, no key) is the action's own
 * "요청하신 양식을 찾을 수 없습니다.".
 */
import { consentMessage, requiredMessage } from '#shared/messages-form.ts';

export interface RequiredField {
  name: string;
  label: string;
  /** A consent checkbox: "{label}에 동의해 주세요." */
  consent?: boolean;
}

/** The first required field left empty (blank, or absent: an unchecked box or radio group), or null. */
export function firstMissing(form: FormData, fields: readonly RequiredField[]): { field: string; message: string } | null {
  for (const f of fields) {
    const v = form.get(f.name);
    if (typeof v !== 'string' || v.trim() === '') {
      return { field: f.name, message: f.consent ? consentMessage(f.label) : requiredMessage(f.label) };
    }
  }
  return null;
}
