/**
 * A page whose `<title>` comes from its data (PageMeta, e.g. the book's title): the server
 * writes it in the head; in the browser this keeps it after hydration and client-side
 * navigation. The shell sets the page table's title in its own effect, which runs after
 * the page's (parents' effects run after their children's): the page's title is set once
 * those effects have run.
 */
import { useEffect } from 'react';
import { useConfig } from '../shell/config-context.tsx';
import { documentTitle } from '../shell/title.ts';

export function useDocumentTitle(title: string | undefined): void {
  const { siteName } = useConfig();
  useEffect(() => {
    if (!title) return;
    let live = true;
    queueMicrotask(() => {
      if (live) document.title = documentTitle(title, siteName);
    });
    return () => {
      live = false;
    };
  }, [title, siteName]);
}
