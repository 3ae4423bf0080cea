/**
 * The generic required-field check (docs/product.md §5): the first empty field of the form gets
 * "{label}을/를 입력해 주세요." (a consent checkbox: "{label}에 동의해 주세요.") and the
 * focus; a missing form gets "요청하신 양식을 찾을 수 없습니다.".
 */
import { messages } from '#shared/messages.ts';
import { consentMessage, requiredMessage } from '#shared/messages-form.ts';

export interface RequiredField {
  name: string;
  label: string;
}

export type RequiredCheck = { ok: true } | { ok: false; message: string; focus?: HTMLElement };

export function checkRequired(form: HTMLFormElement | null, fields: readonly RequiredField[]): RequiredCheck {
  if (!form) return { ok: false, message: messages.form.notFound };
  for (const f of fields) {
    const el = form.elements.namedItem(f.name);
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)) {
      return { ok: false, message: messages.form.notFound };
    }
    if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (!el.checked) return { ok: false, message: consentMessage(f.label), focus: el };
    } else if (el.value.trim() === '') {
      return { ok: false, message: requiredMessage(f.label), focus: el };
    }
  }
  return { ok: true };
}
