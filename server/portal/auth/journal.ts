/**
 * A small append-only file of JSON lines under DATA_DIR, for what must outlive this process
 * when there is no Redis (decision 0024): the signed-out sessions and the sign-outs still to
 * be confirmed upstream. Each change is one appended line (a sign-out costs one short write,
 * awaited before the member is answered); at start the file is read, what has expired is
 * dropped and the file is written again whole (a temporary file renamed over it). A line cut
 * short by a crash is skipped. Only hashes and sealed values are ever written.
 */
import { appendFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export class Journal<T> {
  readonly #file: string | undefined;
  readonly #log: FastifyBaseLogger;
  /** Writes in order, one at a time. */
  #chain: Promise<void> = Promise.resolve();
  /** Lines in the file, to know when rewriting it whole is worth it. */
  #lines = 0;

  /** `file` undefined: memory only (nothing kept across a restart). */
  constructor(file: string | undefined, log: FastifyBaseLogger) {
    this.#file = file;
    this.#log = log;
  }

  /** Every entry `accept` recognises, in order (none when there is no file yet). */
  read(accept: (v: unknown) => v is T): T[] {
    if (!this.#file) return [];
    let text: string;
    try {
      text = readFileSync(this.#file, 'utf8');
    } catch (err) {
      if ((err as { code?: string }).code !== 'ENOENT') this.#log.warn({ err: { message: (err as Error).message }, file: this.#file }, 'journal unreadable: starting empty');
      return [];
    }
    const out: T[] = [];
    for (const line of text.split('\n')) {
      if (!line) continue;
      this.#lines += 1;
      try {
        const v: unknown = JSON.parse(line);
        if (accept(v)) out.push(v);
      } catch {
        // A line cut short by a crash: the rest of the file still counts.
      }
    }
    return out;
  }

  /** Appends the entries in one write. */
  append(...entries: T[]): Promise<void> {
    return this.#queue(async (file) => {
      await mkdir(dirname(file), { recursive: true });
      await appendFile(file, entries.map((e) => `${JSON.stringify(e)}\n`).join(''), { mode: 0o600 });
      this.#lines += entries.length;
    });
  }

  /** Writes the file again with only `live` (when it holds many more lines than that, or always with `force`). */
  compact(live: readonly T[], force = false): Promise<void> {
    if (!force && this.#lines <= 2 * live.length + 100) return Promise.resolve();
    return this.#queue(async (file) => {
      const tmp = `${file}.${process.pid}.tmp`;
      await mkdir(dirname(file), { recursive: true });
      await writeFile(tmp, live.map((e) => `${JSON.stringify(e)}\n`).join(''), { mode: 0o600 });
      await rename(tmp, file);
      this.#lines = live.length;
    });
  }

  /** Resolves when every write asked so far is done. */
  flushed(): Promise<void> {
    return this.#chain;
  }

  #queue(write: (file: string) => Promise<void>): Promise<void> {
    const file = this.#file;
    if (!file) return Promise.resolve();
    const next = this.#chain.then(() => write(file));
    // A failed write is logged; later writes still run (the memory copy stays right).
    this.#chain = next.catch((err: unknown) => {
      this.#log.error({ err: { message: err instanceof Error ? err.message : String(err) }, file }, 'journal write failed: kept in memory only');
    });
    return this.#chain;
  }
}
