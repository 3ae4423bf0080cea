/**
 * The body of a streamed page: the template head at once, React's HTML as it comes, and the
 * tail (with the hydration data) once React has written everything. A page that may be kept
 * for visitors (decision 0037) is also gathered whole and handed over at the end.
 *
 * React writes a flush as many small chunks, one after another in the same task. They are
 * gathered and passed on as one at the end of that task (a microtask later): one socket
 * write per flush instead of one per chunk, and nothing held back past the flush (decision 0127).
 * The head goes with the shell's first flush (the stream is made once the shell is ready, so
 * that costs no time), and `batch`, called before anything is passed on, lets the response
 * hold its writes until the loop's turn ends: a page whose data was at hand leaves in one
 * write with its tail and the end of the answer, rather than four (decision 0154).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Runs a function in the async context this module was loaded in: no request's. A timer or an
 * immediate keeps the context it was made in, and what runs inside React's render has React's
 * request in it, and through it the whole page. So what outlives the page is made here: the
 * connection's keep-alive timer, which Node arms again when the answer finishes and which would
 * otherwise keep each idle connection's last page alive for up to 72 s, and the immediate that
 * lets held writes go (decision 0169).
 */
const outsideTheRequest = AsyncLocalStorage.snapshot();

/** Ends a batch of writes (below): lets the socket's held writes go. */
function uncorkHeld(socket: Socket, hold: { held: boolean }): void {
  hold.held = false;
  if (socket.writableCorked > 0) socket.uncork();
}

/**
 * Holds a response's writes until this turn of the event loop ends (its socket corked, then
 * uncorked in setImmediate): what is passed on together — the head and the shell, the tail
 * and the end of the chunked answer — leaves in one system call, and nothing waits past the
 * turn (decision 0154). The socket, not the response: a corked ServerResponse keeps its
 * chunks apart and writes them after the end of the answer when it ends meanwhile, and the
 * response's end() uncorks its socket fully (so the last writes never wait). The immediate holds
 * the socket and a flag, outside the request's context: holding the response, or React's
 * context, it kept the page alive until the turn's end, through any young-generation
 * collection in between (decision 0169).
 */
export function batchWrites(raw: ServerResponse): () => void {
  const hold = { held: false };
  return () => {
    const socket = raw.socket;
    if (hold.held || !socket || socket.destroyed) return;
    hold.held = true;
    socket.cork();
    outsideTheRequest(() => setImmediate(uncorkHeld, socket, hold));
  };
}

export class PageStream extends Transform {
  readonly #tail: () => Promise<string>;
  /** When the page may be cached: its HTML so far, and who takes the whole of it. */
  readonly #kept: { parts: string[]; take: (html: string) => void } | undefined;
  /** Called before each push: the response holds its writes until the loop's turn ends. */
  readonly #batch: () => void;
  /** Chunks written in this task, passed on together when it ends: first the head. */
  #pending: Buffer[];
  constructor(head: string, tail: () => Promise<string>, keep?: (html: string) => void, batch: () => void = () => undefined) {
    super();
    this.#tail = tail;
    this.#batch = batch;
    this.#kept = keep ? { parts: [], take: keep } : undefined;
    this.#pending = [Buffer.from(head)];
    queueMicrotask(() => this.#release());
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    if (this.#pending.length === 0) queueMicrotask(() => this.#release());
    this.#pending.push(chunk);
    cb();
  }
  #release(): void {
    const pending = this.#pending;
    if (pending.length === 0) return;
    this.#pending = [];
    const out = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending);
    this.#kept?.parts.push(out.toString('utf8'));
    this.#batch();
    this.push(out);
  }
  override _flush(cb: TransformCallback): void {
    this.#release();
    this.#tail().then(
      (tail) => {
        if (this.#kept) this.#kept.take(this.#kept.parts.join('') + tail);
        this.#batch();
        outsideTheRequest(() => cb(null, tail));
      },
      (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
    );
  }
}
