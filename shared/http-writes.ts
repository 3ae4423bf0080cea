/**
 * The headers and codes of a member's write beyond what every call has (shared/http.ts): its
 * Idempotency-Key, the repeat mark, and the member a write kept on the device belongs to
 * (decisions 0141, 0145). Apart from shared/http.ts so the first visit's shell does not carry them.
 */

/** A write's key (draft-ietf-httpapi-idempotency-key-header): one per intended write, the same on every retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The answer header that marks a repeat of a write's key: `Idempotent-Replayed: true`, the first answer given again (decision 0141). */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/**
 * The member a write queued on the device belongs to (its user id): the gateway refuses the
 * write for any other session, so a queued write never crosses to another member on a shared phone.
 */
export const PORTAL_MEMBER_HEADER = 'x-portal-member';

/** The gateway's code (409) for a write kept on the device whose member is not this session's. */
export const MEMBER_CHANGED = 'member_changed';
