/** Starts the reference API in a worker thread and resolves with its loopback URL. */
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { EmbeddedApiData, EmbeddedApiMessage } from './worker.ts';

export interface EmbeddedApi {
  url: string;
  close(): Promise<void>;
}

export function startEmbeddedApi(opts: { dataDir: string; logLevel: string }): Promise<EmbeddedApi> {
  const data: EmbeddedApiData = { dbFile: join(opts.dataDir, 'homepage.db'), logLevel: opts.logLevel };
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: data });
  return new Promise((resolveStart, rejectStart) => {
    const onError = (err: Error) => rejectStart(err);
    worker.once('error', onError);
    worker.once('exit', (code) => rejectStart(new Error(`embedded homepage API exited with code ${code}`)));
    worker.on('message', (msg: EmbeddedApiMessage) => {
      if (msg.type !== 'listening') return;
      worker.off('error', onError);
      resolveStart({
        url: msg.url,
        close: () =>
          new Promise<void>((resolveClose) => {
            const timer = setTimeout(() => void worker.terminate().then(() => resolveClose()), 5_000);
            worker.once('exit', () => {
              clearTimeout(timer);
              resolveClose();
            });
            worker.postMessage('close');
          }),
      });
    });
  });
}
