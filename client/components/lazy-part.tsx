/**
 * A part of a page in a chunk of its own that renders at once when its module is already
 * here. React's `lazy` suspends on its first render even when the import has long settled
 * (it cannot read a promise synchronously), so the first server render of a page after a
 * start sent the part's Suspense fallback in the shell and swapped the part in afterwards:
 * the content below jumped (Lighthouse saw CLS 0.58 on the member home; decision 0030). A loader
 * that calls `preload` first renders the part itself; hydration, which runs no loader,
 * still waits on `lazy` and keeps the server's HTML meanwhile.
 */
import { lazy, type ComponentType, type JSX } from 'react';

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
  const Lazy = lazy(() => load().then(keep));
  return {
    preload: () => load().then(keep),
    Component(props) {
      const Part = loaded ?? Lazy;
      return <Part {...props} />;
    },
  };
}
