/**
 * The loading state of docs/product.md §3 (loadingCnt, isLoading): a count of requests in flight,
 * changed only by the client API module, read by the loading overlay.
 */
type Listener = () => void;

let loadingCnt = 0;
/** Numbers each busy spell (count going from 0 to 1), so a late timer knows its spell. */
let episode = 0;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l();
}

export const loading = {
  begin(): void {
    if (loadingCnt === 0) episode += 1;
    loadingCnt += 1;
    emit();
  },
  end(): void {
    loadingCnt = Math.max(0, loadingCnt - 1);
    emit();
  },
  count(): number {
    return loadingCnt;
  },
  isLoading(): boolean {
    return loadingCnt > 0;
  },
  /** The current busy spell's number while requests are in flight, 0 when idle. */
  busyEpisode(): number {
    return loadingCnt > 0 ? episode : 0;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests only. */
  reset(): void {
    loadingCnt = 0;
    emit();
  },
};
