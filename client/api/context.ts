/**
 * Loaders and actions run on the server (with a LoadContext carrying in-process clients)
 * and in the browser (no context: the /api routes). This tells them apart.
 */
import type { LoadContext } from '#shared/ssr.ts';

/** The server's LoadContext, or null in the browser (loaders get no context there). */
export function loadContextOf(v: unknown): LoadContext | null {
  return typeof v === 'object' && v !== null && 'homepage' in v && typeof (v as LoadContext).homepage?.request === 'function'
    ? (v as LoadContext)
    : null;
}
