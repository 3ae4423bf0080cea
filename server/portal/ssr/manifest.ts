/**
 * The production build's client manifest (dist/client/.vite/manifest.json) and the one walk
 * over it: which JavaScript files a page needs. The renderer turns the walk into the page's
 * modulepreload links; `npm run bundle:report` (scripts/bundle-report.ts) sums the same files
 * against the first-visit budget, so the two never disagree about what a page loads.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One entry of Vite's client manifest (the fields the portal reads). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  src?: string;
}

export type ClientManifest = Record<string, ManifestChunk>;

/** Where the build writes the client manifest, under the project root. */
export const CLIENT_MANIFEST = 'dist/client/.vite/manifest.json';

/** The files of the chunks `keys` name and everything they import statically, each once. */
export function chunkFiles(manifest: ClientManifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  keys.forEach(visit);
  return files;
}

export interface BuiltAssets {
  /** modulepreload links for a page: the entry's chunks and the page's, each once (not the entry itself). */
  preloadsFor(pageModule: string): string[];
  /** The font faces' stylesheet, linked at the end of the page (decision 0034). */
  fontsCss: string | undefined;
}

/** What the production build's client manifest says a page needs (nothing when there is no build). */
export async function loadBuiltAssets(root: string): Promise<BuiltAssets> {
  let manifest: ClientManifest;
  try {
    manifest = JSON.parse(await readFile(join(root, CLIENT_MANIFEST), 'utf8')) as ClientManifest;
  } catch {
    return { preloadsFor: () => [], fontsCss: undefined };
  }
  const entry = manifest['index.html'];
  const cache = new Map<string, string[]>();
  return {
    fontsCss: Object.entries(manifest)
      .filter(([key]) => key.endsWith('styles/fonts.css'))
      .map(([, chunk]) => `/${chunk.file}`)[0],
    preloadsFor(pageModule) {
      const cached = cache.get(pageModule);
      if (cached) return cached;
      const files = chunkFiles(manifest, [...(entry?.imports ?? []), pageModule]);
      if (entry) files.delete(entry.file);
      const out = [...files].map((f) => `/${f}`);
      cache.set(pageModule, out);
      return out;
    },
  };
}

/** The build's name: its entry chunk's file name (`index-AbCd1234.js`), as the browser sees it; undefined without a build. */
export async function builtEntryName(root: string): Promise<string | undefined> {
  try {
    const manifest = JSON.parse(await readFile(join(root, CLIENT_MANIFEST), 'utf8')) as ClientManifest;
    const file = manifest['index.html']?.file;
    return file ? file.slice(file.lastIndexOf('/') + 1) : undefined;
  } catch {
    return undefined;
  }
}
