/**
 * The installable portal's fixed addresses and colours, shared by the server (manifest and
 * offline page, server/portal/routes/pwa.ts) and the build of the service worker
 * (scripts/vite-service-worker.ts).
 */

/** KRDS primary-60 (krds_tokens.css `--krds-color-light-primary-60`): the header and the installed app's title bar. */
export const THEME_COLOR = '#0b50d0';
/** KRDS surface white: the installed app's splash screen. */
export const BACKGROUND_COLOR = '#ffffff';
export const MANIFEST_PATH = '/manifest.webmanifest';
export const OFFLINE_PATH = '/offline.html';
export const SERVICE_WORKER_PATH = '/sw.js';
export const ICONS = {
  any192: '/icons/icon-192.png',
  any512: '/icons/icon-512.png',
  maskable192: '/icons/maskable-192.png',
  maskable512: '/icons/maskable-512.png',
  apple: '/icons/apple-touch-icon.png',
  svg: '/favicon.svg',
} as const;

/** The device's outbox of writes waiting for the network (client/api/outbox.ts; the service worker sends it too). */
export const OUTBOX_DB = 'portal-outbox';
export const OUTBOX_STORE = 'writes';
/** Background Sync's tag for the outbox. */
export const OUTBOX_SYNC_TAG = 'portal-outbox';
/** localStorage: how many writes wait (the shell's indicator reads it without loading the outbox). */
export const OUTBOX_HINT = 'portal:outbox';
/** Dispatched on the window when the outbox changed. */
export const OUTBOX_EVENT = 'portal:outbox';
/** The service worker's message to pages: the outbox changed (it sent something). */
export const OUTBOX_MESSAGE = 'portal-outbox-changed';
/** A page's message to a waiting service worker: take over now (a safe moment). */
export const SKIP_WAITING_MESSAGE = 'portal-skip-waiting';
/** Dispatched on the window when the server confirmed a write (its key in `detail`): its form takes a new key. */
export const WRITE_CONFIRMED_EVENT = 'portal:write-confirmed';
