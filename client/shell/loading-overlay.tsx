/**
 * Loading overlay (docs/product.md §2, docs/decisions/D4-behaviour-details.md): shown while any request counted by the
 * client API module is in flight, after 150 ms. After a few seconds a write says what it waits
 * for and that a slow answer is still awaited (its words come with it, client/api/write-messages.ts),
 * so a slow save is not taken for a stuck one (issue 38). The status region stays in the page
 * (empty when idle) so screen readers announce the text when it appears and when it changes.
 */
import { messages } from '#shared/messages.ts';
import { useOverlayVisible, useSlowWait, useWaitingFor } from './use-loading.ts';

export function LoadingOverlay() {
  const visible = useOverlayVisible();
  const slow = useSlowWait();
  const waitingFor = useWaitingFor();
  return (
    <div className={`loading-overlay${visible ? ' is-visible' : ''}`} data-testid="loading-overlay">
      <div className="loading-overlay__box">
        <span className="loading-overlay__spinner" aria-hidden="true" />
        <span role="status" aria-live="polite" className="loading-overlay__text">
          {!visible ? '' : ((slow && waitingFor) || messages.loading)}
        </span>
      </div>
    </div>
  );
}
