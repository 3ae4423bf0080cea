/**
 * A write form (issue 38, decision 0145): react-router's <Form method="post"> with the write's
 * Idempotency-Key in a hidden field (WRITE_KEY_FIELD: the page's action sends it, writeKeyOf)
 * and, when `draft` is given, its fields kept on the device as they are typed (drafts.ts), so
 * a reload, a closed tab, a lost connection or an ended session loses nothing. A kept draft is
 * brought back with a note saying so and a button that discards it. The key is the draft's:
 * the same for every retry of this intended write, a new one once the server confirmed it
 * (write.ts tells WRITE_CONFIRMED_EVENT) or the draft is discarded.
 * Without JavaScript the form posts as before, without a key (the write behaves as it always did).
 */
import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
import { Form } from 'react-router-dom';
import { WRITE_CONFIRMED_EVENT } from '#shared/pwa.ts';
import { useSessionUser } from '../session/session-context.tsx';
import { draftRestored, draftText, type DraftKind } from './draft-messages.ts';
import { newWriteKey, readDraft, removeDraft, saveDraft, WRITE_KEY_FIELD, type Draft } from './drafts.ts';

/** How long typing pauses before the draft is saved. */
const SAVE_AFTER_MS = 300;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isField(el: Element): el is Field {
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;
}

/** The fields a draft keeps: what the member types or chooses (not hidden fields, not the key, not buttons). */
function keptFields(form: HTMLFormElement): Field[] {
  return [...form.elements].filter(
    (el): el is Field => isField(el) && el.name !== '' && el.name !== WRITE_KEY_FIELD && !['hidden', 'submit', 'button', 'file', 'password'].includes(el.type),
  );
}

function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const el of keptFields(form)) {
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      if (el.checked) out[el.name] = el.value;
      else if (el.type === 'checkbox' && !(el.name in out)) out[el.name] = '';
    } else out[el.name] = el.value;
  }
  return out;
}

/** Sets a field's value so that React's own state follows it (a controlled textarea counts its characters). */
function setValue(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

function fill(form: HTMLFormElement, fields: Record<string, string>): void {
  for (const el of keptFields(form)) {
    const value = fields[el.name];
    if (value === undefined) continue;
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      const checked = el.value === value;
      if (el.checked !== checked) el.click();
    } else if (el.value !== value) setValue(el, value);
  }
}

const isEmpty = (fields: Record<string, string>) => Object.values(fields).every((v) => v.trim() === '');

type FormProps = ComponentProps<typeof Form>;

export function WriteForm({ draft, children, ...props }: Omit<FormProps, 'method'> & { draft?: { id: string; kind: DraftKind } }) {
  const userId = useSessionUser()?.user_id;
  const formRef = useRef<HTMLFormElement>(null);
  /** The write's key: '' in the server's HTML (the form then posts none), set in the browser. */
  const [key, setKey] = useState('');
  /** The same key, for the listeners (set with it). */
  const keyRef = useRef('');
  const timer = useRef<number | undefined>(undefined);
  const [restored, setRestored] = useState(false);
  /** A discarded draft starts the form again from its defaults. */
  const [generation, setGeneration] = useState(0);
  const draftId = draft?.id;

  const save = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const form = formRef.current;
    const current = keyRef.current;
    if (!form || !current || !userId || !draftId) return;
    const fields = fieldsOf(form);
    if (isEmpty(fields)) removeDraft(userId, draftId);
    else saveDraft(userId, draftId, { key: current, fields, at: Date.now() } satisfies Draft);
  }, [userId, draftId]);

  // The key, and the draft brought back, once the form is in the page (the device's storage is
  // the browser's: the server's HTML has neither).
  useEffect(() => {
    const bringBack = (form: HTMLFormElement) => {
      const kept = userId && draftId ? readDraft(userId, draftId) : null;
      const next = kept?.key ?? newWriteKey();
      keyRef.current = next;
      setKey(next);
      if (kept && !isEmpty(kept.fields)) {
        fill(form, kept.fields);
        setRestored(true);
      }
    };
    if (formRef.current) bringBack(formRef.current);
  }, [userId, draftId, generation]);

  // The server confirmed this form's write: the next one is a new write.
  useEffect(() => {
    const onConfirmed = (e: Event) => {
      const confirmed = (e as CustomEvent<string>).detail;
      if (!keyRef.current || confirmed !== keyRef.current) return;
      // Stored as sent: write.ts removed its draft before telling. Its text is not kept again
      // (it would come back as "작성 중이던 …" and, saved again, be a second write).
      const storedAsSent = !(userId && draftId && readDraft(userId, draftId)?.key === confirmed);
      const next = newWriteKey();
      keyRef.current = next;
      setKey(next);
      setRestored(false);
      if (storedAsSent) {
        window.clearTimeout(timer.current);
        timer.current = undefined;
        return;
      }
      // An earlier version was stored (422): what is in the form now is a draft of the next write.
      if (userId && draftId && formRef.current && !isEmpty(fieldsOf(formRef.current))) save();
    };
    addEventListener(WRITE_CONFIRMED_EVENT, onConfirmed);
    return () => removeEventListener(WRITE_CONFIRMED_EVENT, onConfirmed);
  }, [userId, draftId, save]);

  // Typing pauses, the tab is hidden or the page goes: the draft is saved.
  useEffect(() => {
    if (!draftId) return;
    const flush = () => {
      if (timer.current !== undefined) save();
    };
    addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flush);
    return () => {
      flush();
      removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flush);
    };
  }, [draftId, save]);

  const changed = () => {
    if (!draftId) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(save, SAVE_AFTER_MS);
  };

  const discard = () => {
    if (userId && draftId) removeDraft(userId, draftId);
    setRestored(false);
    setGeneration((g) => g + 1);
  };

  return (
    <Form key={generation} ref={formRef} method="post" {...props} onInput={changed} onChange={changed}>
      <input type="hidden" name={WRITE_KEY_FIELD} value={key} />
      {draft && (
        <div className="draft-note" role="status">
          {restored && (
            <>
              <p className="draft-note__text">
                {draftRestored[draft.kind]} {draftText.note}
              </p>
              <button type="button" className="btn btn--small btn--tertiary" onClick={discard}>
                {draftText.discard}
              </button>
            </>
          )}
        </div>
      )}
      {children}
    </Form>
  );
}
