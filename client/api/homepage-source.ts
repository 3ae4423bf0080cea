/**
 * Loaders run on the server (with a LoadContext carrying the in-process homepage client)
 * and in the browser (no context: the gateway client). This picks the right one.
 */
import type { HomepageSource, LoadContext } from '#shared/ssr.ts';
import { browserHomepage } from './client.ts';

/** The server's LoadContext, or null in the browser (loaders get no context there). */
export function loadContextOf(v: unknown): LoadContext | null {
  return typeof v === 'object' && v !== null && 'homepage' in v && typeof (v as LoadContext).homepage?.get === 'function'
    ? (v as LoadContext)
    : null;
}

export function homepageFrom(context: unknown): HomepageSource {
  return loadContextOf(context)?.homepage ?? browserHomepage;
}
