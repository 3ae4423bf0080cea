/**
 * Form messages that choose the particle for the word they follow (docs/decisions/D5-korean-text.md):
 * es-hangul's josa, loaded only with the pages that have forms.
 */
import { josa } from 'es-hangul';

/** form.required: "{label}을/를 입력해 주세요." with the particle the label needs. */
export function requiredMessage(label: string): string {
  return `${josa(label, '을/를')} 입력해 주세요.`;
}

/** For a required consent checkbox: "{label}에 동의해 주세요." */
export function consentMessage(label: string): string {
  return `${label}에 동의해 주세요.`;
}
