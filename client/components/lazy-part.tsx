/**
 * A part of a page in a chunk of its own that renders at once when its module is already
 * here. React's `lazy` suspends on its first render even when the import has long settled
 * (it cannot read a promise synchronously), so the first server render of a page after a
 * start sent the part's Suspense fallback in the shell and swapped the part in afterwards:
 * the content below jumped (Lighthouse saw CLS 0.58 on the member home; decision 0030). A loader
 * that calls `preload` first renders the part itself; hydration, which runs no loader,
 * still waits on `lazy` and keeps the server's HTML meanwhile.
 */
import { lazy, type ComponentType, type JSX, type LazyExoticComponent } from 'react';
import { importHere } from '../api/build.ts';

export interface LazyPart<P extends object, M> {
  /** Loads the module (once; later calls answer the same module) and keeps it for rendering. */
  preload(): Promise<M>;
  /** The part: the module's default export when loaded, else React's lazy wrapper of it. */
  Component(props: P): JSX.Element;
}

export function lazyPart<P extends object, M extends { default: ComponentType<P> }>(load: () => Promise<M>): LazyPart<P, M> {
  let loaded: ComponentType<P> | undefined;
  const keep = (m: M): M => {
    loaded = m.default;
    return m;
  };
  const Lazy = lazyHere(() => load().then(keep));
  return {
    preload: () => load().then(keep),
    Component(props) {
      const Part = loaded ?? Lazy;
      return <Part {...props} />;
    },
  };
}

/** The components React's `lazy` takes: its own constraint, read from its signature. */
type LazyComponent = Parameters<typeof lazy>[0] extends () => Promise<{ default: infer C }> ? C : never;

/**
 * React's `lazy`, for every part of the portal in a chunk of its own: an import that leaving the
 * page cancels (a link to a full load while the part's chunk is on its way) waits for the page to
 * come back and tries again, instead of reaching the part's error boundary and the console as the
 * page goes (importHere; a Firefox journey signing out met it in the login gate).
 */
export function lazyHere<T extends LazyComponent>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => importHere(load));
}
