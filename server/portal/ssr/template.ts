/**
 * The HTML around the streamed React root, from client/index.html (as built by Vite).
 * Cut once at its placeholders (and at its script tags, for the nonce); per request only the
 * title, description and Open Graph tags, the nonce, preload links and the page data are put
 * in, by joining the pieces. Values inserted here are escaped.
 */
import { PORTAL_DATA_ID } from '#shared/ssr.ts';

export interface HeadMeta {
  /** The document title. */
  title: string;
  /** The page's own title: `og:title`. */
  pageTitle: string;
  description: string;
  ogType: 'website' | 'book';
  /** The page's absolute address (`og:url`). */
  url: string;
  siteName: string;
}

export interface PageTemplate {
  head(opts: {
    meta: HeadMeta;
    nonce: string | undefined;
    preload: readonly string[];
    /** Attributes of `<html>` (the display settings, from shared/display.ts). */
    htmlAttributes?: Readonly<Record<string, string>>;
  }): string;
  tail(opts: { dataJson: string; nonce: string | undefined; fontsCss?: string | undefined; footer?: string | undefined }): string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * A page without the app: a heading, a paragraph and a link home, every value escaped, no
 * script or style (it is served under the fixed policy that runs nothing). The error page of
 * a render that failed, and answers to a link followed without JavaScript (the sign-out).
 */
export function plainPage(p: { siteName: string; title: string; text: string; link: { href: string; label: string } }): string {
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(p.title)} | ${escapeHtml(p.siteName)}</title></head><body><main><h1>${escapeHtml(p.title)}</h1><p>${escapeHtml(p.text)}</p><p><a href="${escapeHtml(p.link.href)}">${escapeHtml(p.link.label)}</a></p></main></body></html>`;
}

/** `<title>`, the description and the Open Graph tags of a page (link previews), every value escaped. */
export function headMeta(m: HeadMeta): string {
  const og = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  return (
    `<title>${escapeHtml(m.title)}</title>` +
    `<meta name="description" content="${escapeHtml(m.description)}">` +
    og('og:type', m.ogType) +
    og('og:title', m.pageTitle) +
    og('og:description', m.description) +
    og('og:url', m.url) +
    og('og:site_name', m.siteName) +
    og('og:locale', 'ko_KR')
  );
}

const ATTRIBUTE_NAME = /^[a-z][a-z0-9-]*$/;

/** ` name="value"…`, names checked and values escaped. */
function attributes(attrs: Readonly<Record<string, string>>): string {
  return Object.entries(attrs)
    .map(([name, value]) => {
      if (!ATTRIBUTE_NAME.test(name)) throw new Error(`Invalid attribute name: ${name}`);
      return ` ${name}="${escapeHtml(value)}"`;
    })
    .join('');
}

/**
 * A part of the template with the nonce put into each of its `<script` tags, split once: per
 * page only the pieces and the nonce attribute are joined (no search through the template).
 * Inserted values never make a `<script` of their own (they are escaped), so putting the nonce
 * into the parts is putting it into the whole.
 */
function nonced(html: string): (nonce: string | undefined) => string {
  const pieces = html.split(/<script\b/);
  if (pieces.length === 1) return () => html;
  return (nonce) => pieces.join(nonce ? `<script nonce="${escapeHtml(nonce)}"` : '<script');
}

/** `source` cut at the first `marker` (which must be there), after `from`. */
function cut(source: string, marker: string, what: string, from = 0): [string, string] {
  const at = source.indexOf(marker, from);
  if (at < 0) throw new Error(`index.html has no ${what}`);
  return [source.slice(0, at), source.slice(at + marker.length)];
}

export function compileTemplate(source: string): PageTemplate {
  const [before, after] = cut(source, '<!-- element -->', '<!-- element --> placeholder');
  const htmlTag = '<html lang="ko"';
  const htmlAt = before.indexOf(htmlTag);
  if (htmlAt < 0) throw new Error('index.html has no <html lang="ko"> element');
  const [toHtml, afterHtml] = [before.slice(0, htmlAt + htmlTag.length), before.slice(htmlAt + htmlTag.length)];
  // Attributes go right after `<html lang="ko"`, the metadata and preload links at `<!-- head -->`.
  const [toHead, afterHead] = cut(afterHtml, '<!-- head -->', '<!-- head --> placeholder (after <html>)');
  const [beforeData, afterData] = cut(after, '<!-- hydration -->', '<!-- hydration --> placeholder');
  // The footer is the portal's own markup (the SSR entry's), outside the hydrated root; when the
  // template has no place for it, it is left out.
  const footerAt = beforeData.indexOf('<!-- footer -->');
  const [toFooter, afterFooter] = footerAt < 0 ? [beforeData, undefined] : cut(beforeData, '<!-- footer -->', '');
  const parts = {
    toHtml: nonced(toHtml),
    toHead: nonced(toHead),
    afterHead: nonced(afterHead),
    toFooter: nonced(toFooter),
    afterFooter: afterFooter === undefined ? undefined : nonced(afterFooter),
    afterData: nonced(afterData),
  };
  return {
    head: ({ meta, nonce, preload, htmlAttributes = {} }) =>
      parts.toHtml(nonce) +
      attributes(htmlAttributes) +
      parts.toHead(nonce) +
      headMeta(meta) +
      preload.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`).join('') +
      parts.afterHead(nonce),
    // The hydration data goes between the two halves as it is: the nonce is put into the
    // template's own script tags, and never searched for through the data (decision 0127).
    tail: ({ dataJson, nonce, fontsCss, footer = '' }) =>
      parts.toFooter(nonce) +
      (parts.afterFooter ? footer + parts.afterFooter(nonce) : '') +
      `<script${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''} type="application/json" id="${PORTAL_DATA_ID}">${dataJson}</script>` +
      // The font faces load after the page (decision 0034): the browser entry links them (a
      // stylesheet here would hold the scripts back); without JavaScript, this does.
      (fontsCss ? `<noscript><link rel="stylesheet" href="${escapeHtml(fontsCss)}"></noscript>` : '') +
      parts.afterData(nonce),
  };
}
