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
