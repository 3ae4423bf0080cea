/**
 * The previous builds' files, kept for open tabs (issue 38, decision 0145). Every build renames
 * most of its chunks (content hashes), so a tab opened before a deploy asks for files the new
 * build does not have — the 전체메뉴's chunk, a page's. At start each portal copies its own
 * build's hashed files (and their .br/.gz) into the archive (ASSET_ARCHIVE_DIR, by default
 * DATA_DIR/assets: in compose a volume both portals share, so a rolling deploy keeps the files
 * of the build the other portal still serves) and touches them; files no build has touched for
 * ASSET_ARCHIVE_DAYS are removed. A request for /assets/<file> that the build lacks is answered
 * from the archive (immutable, like the build's own), else 404 as before.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, copyFile, mkdir, readdir, rename, stat, unlink, utimes } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import send from '@fastify/send';

/** A built file named by its content hash (Vite's `name-<hash>.ext`), possibly precompressed. */
const HASHED_FILE = /^[A-Za-z0-9_.-]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+(\.(br|gz))?$/;

const DAY_MS = 24 * 60 * 60 * 1000;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export interface ArchiveReport {
  copied: number;
  removed: number;
  kept: number;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies this build's hashed files into the archive (each written under a temporary name and
 * renamed, so a portal starting beside this one never serves half a file), touches them, and
 * removes the files no build touched for `keepDays`.
 */
export async function archiveBuild(buildAssets: string, archive: string, keepDays: number, now = Date.now()): Promise<ArchiveReport> {
  await mkdir(archive, { recursive: true });
  const report: ArchiveReport = { copied: 0, removed: 0, kept: 0 };
  const ours = new Set((await readdir(buildAssets)).filter((f) => HASHED_FILE.test(f)));
  const at = new Date(now);
  for (const file of ours) {
    const target = join(archive, file);
    if (!(await exists(target))) {
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await copyFile(join(buildAssets, file), temporary);
      await rename(temporary, target);
      report.copied += 1;
    }
    await utimes(target, at, at);
  }
  for (const file of await readdir(archive)) {
    if (ours.has(file)) continue;
    const path = join(archive, file);
    const info = await stat(path).catch(() => undefined);
    if (!info) continue;
    // Another portal's half-copied file is its own; an old one of ours is left over from a crash.
    if (now - info.mtimeMs > keepDays * DAY_MS) {
      await unlink(path).catch(() => undefined);
      report.removed += 1;
    } else if (HASHED_FILE.test(file)) report.kept += 1;
  }
  return report;
}

/** The encodings the request accepts, in the order the server prefers them. */
function encodingsFor(req: FastifyRequest): ('br' | 'gzip')[] {
  const accept = req.headers['accept-encoding'] ?? '';
  const out: ('br' | 'gzip')[] = [];
  if (/\bbr\b/.test(accept)) out.push('br');
  if (/\bgzip\b/.test(accept)) out.push('gzip');
  return out;
}

/**
 * Answers GET /assets/<file> from the archive when it has the file; false when it does not (the
 * caller answers 404). Precompressed copies are sent to browsers that accept them.
 */
export async function serveArchived(archive: string, req: FastifyRequest, reply: FastifyReply, file: string): Promise<boolean> {
  if (!HASHED_FILE.test(file) || /\.(br|gz)$/.test(file)) return false;
  let chosen = file;
  let encoding: string | undefined;
  for (const e of encodingsFor(req)) {
    const candidate = `${file}.${e === 'br' ? 'br' : 'gz'}`;
    if (await exists(join(archive, candidate))) {
      chosen = candidate;
      encoding = e;
      break;
    }
  }
  const result = await send(req.raw, `/${chosen}`, { root: archive, contentType: false, cacheControl: false, dotfiles: 'deny' });
  if (result.statusCode === 404 && chosen === file) return false;
  void reply.code(result.statusCode);
  for (const [name, value] of Object.entries(result.headers)) reply.header(name, value);
  if (result.statusCode === 200 || result.statusCode === 206) {
    reply.header('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
  }
  await reply.send(result.stream);
  return true;
}
