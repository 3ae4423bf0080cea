/**
 * What a member is writing, kept on the device until the server has it (issue 38, decision
 * 0145): each write form's fields, saved as they are typed, with the write's key — the
 * Idempotency-Key made on the device for this intended write and sent on every retry, so a
 * write whose answer was lost is recognised as the same one. A draft survives a reload, a
 * closed tab, a lost connection and an ended session; it is removed when the server confirms
 * the write (write.ts, by its key), when the member discards it, and when the member signs out
 * (a shared phone keeps nothing of theirs). Drafts are per member: `portal:draft:<user>:<form>`.
 */

import { idempotencyKeyOf } from '#shared/contract/idempotency.ts';

const PREFIX = 'portal:draft:';

/** The hidden field of a write form that carries the write's key to the page's action (write-form.tsx). */
export const WRITE_KEY_FIELD = 'idempotency_key';

/** The write's key from a posted form, when it carries a well-formed one (as the API reads keys). */
export function writeKeyOf(form: FormData): string | undefined {
  const v = form.get(WRITE_KEY_FIELD);
  return typeof v === 'string' && v !== '' ? (idempotencyKeyOf(v) ?? undefined) : undefined;
}

export interface Draft {
  /** The write's Idempotency-Key. */
  key: string;
  /** The form's named fields as typed (the key's own field left out). */
  fields: Record<string, string>;
  /** When it was last saved (epoch ms). */
  at: number;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function storageKey(userId: string, formId: string): string {
  return `${PREFIX}${userId}:${formId}`;
}

function isDraft(v: unknown): v is Draft {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  return typeof d['key'] === 'string' && typeof d['at'] === 'number' && typeof d['fields'] === 'object' && d['fields'] !== null;
}

/** A new write key: a random UUID (the draft's examples use one). */
export function newWriteKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older engines without randomUUID still have getRandomValues.
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

export function readDraft(userId: string, formId: string): Draft | null {
  try {
    const raw = storage()?.getItem(storageKey(userId, formId));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Saves the draft; false when the device refused (storage full or disabled). */
export function saveDraft(userId: string, formId: string, draft: Draft): boolean {
  try {
    const s = storage();
    if (!s) return false;
    s.setItem(storageKey(userId, formId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(userId: string, formId: string): void {
  try {
    storage()?.removeItem(storageKey(userId, formId));
  } catch {
    // Nothing to remove where nothing could be kept.
  }
}

/** The storage keys of drafts, optionally of one member only. */
function draftKeys(s: Storage, userId?: string): string[] {
  const prefix = userId === undefined ? PREFIX : `${PREFIX}${userId}:`;
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(prefix)) out.push(k);
  }
  return out;
}

/** The server confirmed the write with this key: its draft is no longer needed. */
export function removeDraftByKey(writeKey: string): void {
  try {
    const s = storage();
    if (!s) return;
    for (const k of draftKeys(s)) {
      const raw = s.getItem(k);
      if (raw?.includes(writeKey)) {
        const parsed: unknown = JSON.parse(raw);
        if (isDraft(parsed) && parsed.key === writeKey) s.removeItem(k);
      }
    }
  } catch {
    // A draft that cannot be read cannot be shown either.
  }
}

/** Every draft of a member (signing out on a shared phone). */
export function removeMemberDrafts(userId: string): void {
  try {
    const s = storage();
    if (!s) return;
    for (const k of draftKeys(s, userId)) s.removeItem(k);
  } catch {
    // As above.
  }
}
