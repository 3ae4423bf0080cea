/**
 * Korean messages the reference homepage API answers with (`msg`, shown to members as
 * is). Part of the one messages module: import them as `messages.api` from
 * shared/messages.ts.
 */
export const apiMessages = {} as const;
