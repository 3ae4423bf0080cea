/** Session storage key: the floating bar was closed in this visit. */
export const DISMISS_KEY = 'floatingBarClosed';
