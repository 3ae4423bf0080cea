/**
 * The value of the `Idempotency-Key` request header of the homepage API's writes (IETF
 * draft-ietf-httpapi-idempotency-key-header, decision 0141; the header names are in
 * shared/http-writes.ts): one key per intended write, made by the caller and sent again with every
 * retry of that write. The reference API and the portal's gateway read it with these, so both
 * accept the same keys.
 */

/** The characters of a key: a UUID, a ULID or base64url fit; quotes and spaces do not. */
const KEY_CHARS = '[A-Za-z0-9._:-]{1,255}';
/**
 * The header's value: the draft's Structured Field string (`"…"`, quoted) or the same key bare.
 * Both name one key: `"abc"` and `abc` are the same write.
 */
export const IDEMPOTENCY_KEY_PATTERN = `^(?:"${KEY_CHARS}"|${KEY_CHARS})$`;
const KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** The machine-readable codes of the refusals about a key (ErrorAnswer.code). */
export const IDEMPOTENCY_CODES = {
  /** 422: the key was used for another request (method, path, query or body) of this member. */
  reused: 'idempotency_key_reused',
  /** 409: the first request with this key is still running. */
  inProgress: 'idempotency_in_progress',
} as const;

/**
 * The key a header value carries, unquoted: undefined when there is no header, null when it is
 * not a key (several headers, a wrong character, too long).
 */
export function idempotencyKeyOf(value: string | string[] | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY.test(value)) return null;
  return value.startsWith('"') ? value.slice(1, -1) : value;
}

/** A key as the draft writes it: an sf-string. */
export function idempotencyKeyHeader(key: string): string {
  return `"${key}"`;
}
