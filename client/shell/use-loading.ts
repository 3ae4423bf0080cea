import { useEffect, useState, useSyncExternalStore } from 'react';
import { loading } from '../api/loading.ts';
import { OVERLAY_DELAY_MS, SLOW_WAIT_MS } from './rules.ts';

/** isLoading, but only once a busy spell has lasted `delayMs` (docs/decisions/D4-behaviour-details.md: no flicker). */
export function useOverlayVisible(delayMs: number = OVERLAY_DELAY_MS): boolean {
  const spell = useSyncExternalStore(loading.subscribe, loading.busyEpisode, () => 0);
  const [shownSpell, setShownSpell] = useState(0);
  useEffect(() => {
    if (spell === 0) return;
    const timer = window.setTimeout(() => setShownSpell(spell), delayMs);
    return () => window.clearTimeout(timer);
  }, [spell, delayMs]);
  return spell !== 0 && shownSpell === spell;
}

/** Whether the current busy spell has lasted `slowMs`: the overlay then says what it waits for. */
export function useSlowWait(slowMs: number = SLOW_WAIT_MS): boolean {
  return useOverlayVisible(slowMs);
}

/** What the requests in flight wait for (a write names itself), if any said. */
export function useWaitingFor(): string | undefined {
  return useSyncExternalStore(loading.subscribe, loading.waitingFor, () => undefined);
}
