/** `<title>`: the page's breadcrumb title, then the site name. */
export function documentTitle(pageTitle: string, siteName: string): string {
  return `${pageTitle} | ${siteName}`;
}
