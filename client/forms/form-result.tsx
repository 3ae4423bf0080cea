/**
 * The form kit (client/forms/, decision 0124): what the pages' forms share — an action's
 * answer and its helpers (this file), the required-field rule (required.ts), lengths as
 * the API counts them (text-length.ts), fields (text-field.tsx, select-field.tsx,
 * char-counter.tsx) and an earning write's answer (earn-action.ts, earn-result.tsx).
 *
 * Page actions (forms) work with and without JavaScript (decision 0031): the same action
 * runs in the browser (react-router's <Form>) or on the server (a native form post).
 * Its answer is a FormResult: with JavaScript the page alerts it in a dialog and moves
 * focus; without, the server renders it inline next to the form (role=alert) and the
 * field is focused on load.
 */
import { useEffect } from 'react';
import { data } from 'react-router-dom';
import { loadContextOf } from '../api/context.ts';
import { useDialogs } from '../shell/dialogs.tsx';

export type FormResult<T = undefined> =
  | { ok: false; by: 'server' | 'browser'; message: string; field?: string; values?: Record<string, string> }
  | { ok: true; by: 'server' | 'browser'; message?: string; value: T };

/** Whether the action runs on the server (a form posted without JavaScript). */
export function onServer(context: unknown): boolean {
  return loadContextOf(context) !== null;
}

/** A refused submission: 400 (or the given status), the message, the field to focus, the values to keep. */
export function formError(
  context: unknown,
  message: string,
  opts: { field?: string; values?: Record<string, string>; status?: number } = {},
) {
  const result: FormResult<never> = {
    ok: false,
    by: onServer(context) ? 'server' : 'browser',
    message,
    ...(opts.field ? { field: opts.field } : {}),
    ...(opts.values ? { values: opts.values } : {}),
  };
  return data(result, { status: opts.status ?? 400 });
}

export function formOk<T>(context: unknown, value: T, message?: string): FormResult<T> {
  return { ok: true, by: onServer(context) ? 'server' : 'browser', value, ...(message ? { message } : {}) };
}

/** Text of a submitted field ('' when absent). */
export function field(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
}

/** The submitted text fields, kept so a refused form posted without JavaScript comes back filled in. */
export function keptValues(form: FormData, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const v = form.get(name);
    if (typeof v === 'string') out[name] = v;
  }
  return out;
}

/** The value a form may start with: what was posted (a refusal without JavaScript), else the default. */
export function initial(result: FormResult<unknown> | undefined, name: string, fallback = ''): string {
  return (result && !result.ok ? result.values?.[name] : undefined) ?? fallback;
}

/**
 * In the browser: alert a refused submission and focus its field, or hand a success to
 * `onOk`. Runs once per action answer.
 */
export function useFormFeedback<T>(result: FormResult<T> | undefined, onOk?: (r: Extract<FormResult<T>, { ok: true }>) => void): void {
  const dialogs = useDialogs();
  useEffect(() => {
    if (!result || result.by !== 'browser') return;
    if (result.ok) {
      onOk?.(result);
      return;
    }
    const { message, field: name } = result;
    void dialogs.alert(message).then(() => {
      if (!name) return;
      const el = document.getElementsByName(name)[0];
      if (el instanceof HTMLElement) el.focus();
    });
    // Once per answer: the action returns a new object each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
}

/** Without JavaScript, the server's answer to a form, shown next to it. */
export function FormMessage({ result, id }: { result: FormResult<unknown> | undefined; id: string }) {
  if (!result || result.by !== 'server') return null;
  if (!result.ok) {
    return (
      <p id={id} className="form-message form-message--error" role="alert">
        {result.message}
      </p>
    );
  }
  return result.message ? (
    <p id={id} className="form-message" role="status">
      {result.message}
    </p>
  ) : null;
}

/** Props for a field the server's refusal points at: invalid, described by the message, focused on load. */
export function fieldState(result: FormResult<unknown> | undefined, name: string, messageId: string, describedBy?: string) {
  const bad = result !== undefined && result.by === 'server' && !result.ok && result.field === name;
  if (!bad) return describedBy ? { 'aria-describedby': describedBy } : {};
  // Focus on load is the only way to point at the field without JavaScript.
  return { 'aria-invalid': true, 'aria-describedby': describedBy ? `${messageId} ${describedBy}` : messageId, autoFocus: true };
}
