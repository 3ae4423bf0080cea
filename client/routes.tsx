/**
 * The client route table, built from shared/routes.ts: one lazy route per page
 * (its own chunk), under the root layout whose loader feeds the notice strip.
 * Unknown paths: a path containing /login shows the login screen (spec §2),
 * anything else goes home (decisions D4).
 */
import type { ComponentType } from 'react';
import { redirect, type LoaderFunction, type RouteObject } from 'react-router-dom';
import { HOME_PATH, isLoginPath, pageById, pages, type PageId } from '#shared/routes.ts';
import { loadContextOf } from './api/homepage-source.ts';
import { currentBrowserStore } from './session/store.ts';
import { Layout, mayView, type PageHandle } from './shell/layout.tsx';
import { rootLoader, shouldRevalidateRoot } from './shell/root-loader.ts';
import { RouteError } from './shell/route-error.tsx';

export interface PageModule {
  default: ComponentType;
  loader?: LoaderFunction;
}

const modules = import.meta.glob<PageModule>('./pages/*/*-page.tsx');

const kebab = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The module of a page, relative to client/: pages/<id>/<id>-page.tsx in kebab case. */
export function pageModulePath(id: PageId): string {
  const name = kebab(id === 'homeAlt' ? 'home' : id);
  return `pages/${name}/${name}-page.tsx`;
}

/** The member the loader runs for: the server's session, or the browser's store. */
function sessionUserOf(context: unknown) {
  const server = loadContextOf(context);
  return server ? server.session.user : (currentBrowserStore()?.getState().user ?? null);
}

/** A member-only page's loader runs only for members: visitors get the login gate, and no data. */
function guarded(id: PageId, loader: LoaderFunction): LoaderFunction {
  const page = pageById[id];
  if (page.guard === 'public') return loader;
  return (args) => (mayView(page, sessionUserOf(args.context)) ? loader(args) : null);
}

function lazyPage(id: PageId, extraLoader?: LoaderFunction): NonNullable<RouteObject['lazy']> {
  const key = `./${pageModulePath(id)}`;
  const load = modules[key];
  if (!load) throw new Error(`Page module missing: ${key}`);
  return async () => {
    const mod = await load();
    const loader = extraLoader ?? mod.loader;
    return { Component: mod.default, ...(loader ? { loader: guarded(id, loader) } : {}) };
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
