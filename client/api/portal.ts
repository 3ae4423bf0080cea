/**
 * The portal's own sign-in routes (docs/product.md §7, second table) for pages and actions: in the
 * browser over /api, on the server in-process (a form posted without JavaScript).
 */
import type { LoginBody } from '#shared/contract/auth.ts';
import { LOGOUT_PENDING, type LoginResponse } from '#shared/session.ts';
import type { PortalTransport } from '#shared/ssr.ts';
import { fetchJson } from './client.ts';
import { loadContextOf } from './context.ts';

function isLoginResponse(v: unknown): v is LoginResponse {
  if (typeof v !== 'object' || v === null) return false;
  const a = v as { result?: unknown; msg?: unknown; userId?: unknown };
  if (a.result === 'success') return typeof a.userId === 'string';
  return a.result === 'error' && typeof a.msg === 'string';
}

async function loginResponse(answer: Promise<unknown>): Promise<LoginResponse> {
  const a = await answer;
  if (isLoginResponse(a)) return a;
  return { result: 'error', msg: typeof (a as { msg?: unknown }).msg === 'string' ? (a as { msg: string }).msg : '' };
}

const browserPortal: PortalTransport = {
  login: (body: LoginBody) => loginResponse(fetchJson('/api/login/login', { method: 'POST', body })),
  refreshSession: () => loginResponse(fetchJson('/api/token/refresh/auto', { method: 'POST' })),
};

/** The portal's routes for this action (`context` from react-router), or for the browser. */
export function portal(context?: unknown): PortalTransport {
  return loadContextOf(context)?.portal ?? browserPortal;
}

/**
 * POST /api/login/logout: the server's logout callback URL; or, when the homepage API did not
 * confirm the sign-out (`pending`, decision 0024), the message that tells the member so; or a
 * failed call.
 */
export async function logoutCall(): Promise<{ ok: true; logoutUrl: unknown } | { ok: false; pending: boolean; msg: string | undefined }> {
  const answer = await fetchJson('/api/login/logout', { method: 'POST' });
  if (answer.result === 'success') return { ok: true, logoutUrl: (answer as { logout_url?: unknown }).logout_url };
  return { ok: false, pending: (answer as { code?: unknown }).code === LOGOUT_PENDING, msg: answer.msg };
}
