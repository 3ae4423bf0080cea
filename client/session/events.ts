/**
 * "The session has ended" (an API call answered 401, docs/product.md §8), raised by the API module
 * and handled by the shell, which signs the member out locally and says so. The shell's session
 * watch arrives in its own chunk just after the page (decision 0143): an end raised before anyone
 * listens is kept for the first listener.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let unheard = false;
let endedOnce = false;

export const sessionEvents = {
  ended(): void {
    endedOnce = true;
    unheard = listeners.size === 0;
    for (const l of listeners) l();
  },
  /** Whether an API call of this page was answered 401: the shell says so before it signs out. */
  hasEnded(): boolean {
    return endedOnce;
  },
  onEnded(l: Listener): () => void {
    listeners.add(l);
    if (unheard) {
      unheard = false;
      l();
    }
    return () => listeners.delete(l);
  },
};
