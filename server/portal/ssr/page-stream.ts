/**
 * The body of a streamed page: the template head at once, React's HTML as it comes, and the
 * tail (with the hydration data) once React has written everything. A page that may be kept
 * for visitors (decision 0037) is also gathered whole and handed over at the end.
 */
import { Transform, type TransformCallback } from 'node:stream';

export class PageStream extends Transform {
  readonly #tail: () => Promise<string>;
  /** When the page may be cached: its HTML so far, and who takes the whole of it. */
  readonly #kept: { parts: string[]; take: (html: string) => void } | undefined;
  constructor(head: string, tail: () => Promise<string>, keep?: (html: string) => void) {
    super();
    this.#tail = tail;
    this.#kept = keep ? { parts: [head], take: keep } : undefined;
    this.push(head);
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.#kept?.parts.push(chunk.toString('utf8'));
    cb(null, chunk);
  }
  override _flush(cb: TransformCallback): void {
    this.#tail().then(
      (tail) => {
        if (this.#kept) this.#kept.take(this.#kept.parts.join('') + tail);
        cb(null, tail);
      },
      (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
    );
  }
}
