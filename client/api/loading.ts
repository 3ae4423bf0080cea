/**
 * The loading state of docs/product.md §3 (loadingCnt, isLoading): a count of requests in flight,
 * changed only by the client API module, read by the loading overlay — and, for a long wait,
 * what it waits for (a write names itself: "독서일지를 보내고 있어요", issue 38).
 */
type Listener = () => void;

let loadingCnt = 0;
/** What the requests in flight wait for, when one said (a write: only one at a time waits for its answer). */
let waits: string | undefined;
/** How many requests in flight named it (a write's tries within its whole wait). */
let named = 0;
/** Numbers each busy spell (count going from 0 to 1), so a late timer knows its spell. */
let episode = 0;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l();
}

export const loading = {
  begin(waitingFor?: string): void {
    if (loadingCnt === 0) episode += 1;
    loadingCnt += 1;
    if (waitingFor) {
      waits = waitingFor;
      named += 1;
    }
    emit();
  },
  end(waitingFor?: string): void {
    loadingCnt = Math.max(0, loadingCnt - 1);
    if (waitingFor) named = Math.max(0, named - 1);
    if (loadingCnt === 0 || named === 0) waits = undefined;
    emit();
  },
  /** What the latest request that named itself waits for, if any is in flight. */
  waitingFor(): string | undefined {
    return waits;
  },
  /** A write is under way (only writes name themselves): the tab does not change build in its middle. */
  writing(): boolean {
    return waits !== undefined;
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
    waits = undefined;
    named = 0;
    emit();
  },
};
