/**
 * Router state crosses from the server render to the browser as JSON in a data block
 * (not an inline script, so a strict CSP needs no extra nonce for it). Route errors
 * are flattened on the way out and rebuilt on the way in; messages of unexpected
 * errors stay on the server.
 */
import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl, type HydrationState } from 'react-router-dom';

interface SerializedRouteError {
  __type: 'RouteErrorResponse';
  status: number;
  statusText: string;
  data: unknown;
}
interface SerializedError {
  __type: 'Error';
  message: string;
}
type SerializedErrorValue = SerializedRouteError | SerializedError;

export interface SerializedHydration {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedErrorValue> | null;
}

export function serializeHydration(state: {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}): SerializedHydration {
  let errors: SerializedHydration['errors'] = null;
  if (state.errors) {
    errors = {};
    for (const [id, err] of Object.entries(state.errors)) {
      errors[id] = isRouteErrorResponse(err)
        ? { __type: 'RouteErrorResponse', status: err.status, statusText: err.statusText, data: err.data }
        : { __type: 'Error', message: 'Unexpected Server Error' };
    }
  }
  return { loaderData: state.loaderData, actionData: state.actionData, errors };
}

export function deserializeHydration(data: SerializedHydration): HydrationState {
  let errors: HydrationState['errors'] = null;
  if (data.errors) {
    errors = {};
    for (const [id, e] of Object.entries(data.errors)) {
      errors[id] =
        e.__type === 'RouteErrorResponse' ? new UNSAFE_ErrorResponseImpl(e.status, e.statusText, e.data) : new Error(e.message);
    }
  }
  return { loaderData: data.loaderData, actionData: data.actionData, errors };
}

/** JSON safe inside an HTML element: `<`, `>`, `&` and line separators escaped. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
