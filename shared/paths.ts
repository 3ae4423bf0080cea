/** Which request paths are pages (rendered by SSR) rather than API calls or files. */
export function isPageRequestPath(path: string): boolean {
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/assets/') || path.startsWith('/docs/')) return false;
  if (path === '/healthz' || path === '/readyz' || path.startsWith('/@')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]+$/.test(last);
}
