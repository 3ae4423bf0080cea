/**
 * Loaders run on the server (with a LoadContext carrying the in-process homepage client)
 * and in the browser (no context: the gateway client). This picks the right one.
 */
import type { HomepageSource, LoadContext } from '../../shared/ssr.ts';
import { browserHomepage } from './client.ts';

function isLoadContext(v: unknown): v is LoadContext {
  return typeof v === 'object' && v !== null && 'homepage' in v && typeof (v as LoadContext).homepage?.get === 'function';
}

export function homepageFrom(context: unknown): HomepageSource {
  return isLoadContext(context) ? context.homepage : browserHomepage;
}
