/**
 * The client route table, built from shared/routes.ts: one lazy route per page
 * (its own chunk), under the root layout whose loader feeds the notice strip.
 * Unknown paths: a path containing /login shows the login screen (docs/product.md §2),
 * anything else goes home (docs/decisions/D4-behaviour-details.md).
 */
import type { ComponentType } from 'react';
import { redirect, type ActionFunction, type LoaderFunction, type RouteObject } from 'react-router-dom';
import { HOME_PATH, isLoginPath, mayView, pageById, pages, type PageHandle, type PageId } from '#shared/routes.ts';
import { sessionUserOf } from './session/loader-user.ts';
import { Layout } from './shell/layout.tsx';
import { rootLoader, shouldRevalidateRoot } from './shell/root-loader.ts';
import { RouteError } from './shell/route-error.tsx';

export interface PageModule {
  default: ComponentType;
  loader?: LoaderFunction;
  /** Handles the page's form posts: in the browser, and on the server when JavaScript is off. */
  action?: ActionFunction;
}

const modules = import.meta.glob<PageModule>('./pages/*/*-page.tsx');

const kebab = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The module of a page, relative to client/: pages/<id>/<id>-page.tsx in kebab case. */
export function pageModulePath(id: PageId): string {
  const name = kebab(id === 'homeAlt' ? 'home' : id);
  return `pages/${name}/${name}-page.tsx`;
}

/**
 * The page table's rules around a page's loader or action: parameters that do not match
 * their pattern are a page that cannot exist (home); a member-only page's code runs only
 * for members (visitors get the login gate, and no data).
 */
function guarded<F extends LoaderFunction | ActionFunction>(id: PageId, fn: F): F {
  const page = pageById[id];
  const params = Object.entries(page.params ?? {}).map(([name, pattern]) => [name, new RegExp(pattern)] as const);
  const wrapped = (args: Parameters<F>[0]) => {
    for (const [name, pattern] of params) {
      if (!pattern.test(args.params[name] ?? '')) throw redirect(HOME_PATH);
    }
    return mayView(page, sessionUserOf(args.context)) ? fn(args) : null;
  };
  return wrapped as F;
}

function lazyPage(id: PageId, extraLoader?: LoaderFunction): NonNullable<RouteObject['lazy']> {
  const key = `./${pageModulePath(id)}`;
  const load = modules[key];
  if (!load) throw new Error(`Page module missing: ${key}`);
  return async () => {
    const mod = await load();
    const loader = extraLoader ?? mod.loader;
    return {
      Component: mod.default,
      ...(loader ? { loader: guarded(id, loader) } : {}),
      ...(mod.action ? { action: guarded(id, mod.action) } : {}),
    };
  };
}

const catchAllLoader: LoaderFunction = ({ request }) => {
  if (isLoginPath(new URL(request.url).pathname)) return null;
  throw redirect(HOME_PATH);
};

const handle = (pageId: PageId): PageHandle => ({ pageId });

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Layout,
    ErrorBoundary: RouteError,
    loader: rootLoader,
    shouldRevalidate: shouldRevalidateRoot,
    children: [
      { index: true, loader: () => redirect(HOME_PATH) },
      ...pages.map((p) => ({ id: p.id, path: p.path, handle: handle(p.id), lazy: lazyPage(p.id) })),
      { id: 'loginAny', path: '*', handle: handle('login'), lazy: lazyPage('login', catchAllLoader) },
    ],
  },
];
