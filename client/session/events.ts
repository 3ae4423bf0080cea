/**
 * "The session has ended" (an API call answered 401, docs/product.md §8), raised by the API module
 * and handled by the shell, which signs the member out locally and says so.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export const sessionEvents = {
  ended(): void {
    for (const l of listeners) l();
  },
  onEnded(l: Listener): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
