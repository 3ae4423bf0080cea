/**
 * The previous builds' files, kept for open tabs (issue 38, decision 0145). Every build renames
 * most of its chunks (content hashes), so a tab opened before a deploy asks for files the new
 * build does not have — the 전체메뉴's chunk, a page's. At start each portal puts its own build's
 * hashed files (and their .br/.gz) into the archive (ASSET_ARCHIVE_DIR, by default
 * DATA_DIR/assets: in compose a volume both portals share, so a rolling deploy keeps the files of
 * the build the other portal still serves) — hard-linked when the archive is on the same file
 * system, copied otherwise — and records the build with the time it started
 * (`builds/<entry>.json`). A build no portal started for ASSET_ARCHIVE_DAYS is forgotten, and
 * files no remembered build has are removed. A request for /assets/<file> that the build lacks
 * is answered from the archive (immutable, like the build's own), else 404 as before.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, copyFile, link, mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
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

/** What the archive remembers of a build. */
interface BuildRecord {
  /** When a portal last started on it (epoch ms). */
  started: number;
  files: string[];
}

export interface ArchiveReport {
  /** Files of this build put into the archive now (the others were there already). */
  added: number;
  /** Builds remembered besides this one. */
  builds: number;
  /** Builds forgotten now, and the files only they had. */
  forgotten: number;
  removed: number;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

/** Writes a file whole or not at all (a portal starting beside this one never reads half of it). */
async function atomically(target: string, write: (temporary: string) => Promise<void>): Promise<void> {
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await write(temporary);
    await rename(temporary, target);
  } catch (err) {
    await unlink(temporary).catch(() => undefined);
    throw err;
  }
}

async function readRecord(path: string): Promise<BuildRecord | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    const r = parsed as Partial<BuildRecord>;
    return typeof r.started === 'number' && Array.isArray(r.files) ? { started: r.started, files: r.files.filter((f) => typeof f === 'string') } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts this build (`buildName`: its entry chunk's file name) into the archive and forgets the
 * builds no portal started for `keepDays`, with the files only they had.
 */
export async function archiveBuild(buildAssets: string, archive: string, buildName: string, keepDays: number, now = Date.now()): Promise<ArchiveReport> {
  const records = join(archive, 'builds');
  await mkdir(records, { recursive: true });
  const ours = (await readdir(buildAssets)).filter((f) => HASHED_FILE.test(f));
  let added = 0;
  for (const file of ours) {
    const target = join(archive, file);
    if (await exists(target)) continue;
    const source = join(buildAssets, file);
    await atomically(target, (temporary) => link(source, temporary).catch(() => copyFile(source, temporary)));
    added += 1;
  }
  await atomically(join(records, `${buildName}.json`), (temporary) => writeFile(temporary, JSON.stringify({ started: now, files: ours } satisfies BuildRecord)));

  // What the remembered builds still need; the rest goes.
  const needed = new Set(ours);
  let builds = 0;
  let forgotten = 0;
  for (const name of await readdir(records)) {
    if (!name.endsWith('.json') || name === `${buildName}.json`) continue;
    const record = await readRecord(join(records, name));
    if (record && now - record.started <= keepDays * DAY_MS) {
      builds += 1;
      for (const f of record.files) needed.add(f);
    } else {
      await unlink(join(records, name)).catch(() => undefined);
      forgotten += 1;
    }
  }
  let removed = 0;
  for (const file of await readdir(archive)) {
    // Temporary files are another portal's copy under way.
    if (!HASHED_FILE.test(file) || needed.has(file)) continue;
    await unlink(join(archive, file)).catch(() => undefined);
    removed += 1;
  }
  return { added, builds, forgotten, removed };
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
  const result = await send(req.raw, `/${chosen}`, { root: archive, contentType: false, cacheControl: false, dotfiles: 'deny', index: false });
  if (result.statusCode === 404) return false;
  void reply.code(result.statusCode);
  for (const [name, value] of Object.entries(result.headers)) if (value !== undefined) reply.header(name, value);
  if (result.statusCode === 200 || result.statusCode === 206) {
    reply.header('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
  }
  await reply.send(result.stream);
  return true;
}
