/**
 * Loading overlay (docs/product.md §2, docs/decisions/D4-behaviour-details.md): shown while any request counted by the
 * client API module is in flight, after 150 ms. The status region stays in the page
 * (empty when idle) so screen readers announce the text when it appears.
 */
import { messages } from '#shared/messages.ts';
import { useOverlayVisible } from './use-loading.ts';

export function LoadingOverlay() {
  const visible = useOverlayVisible();
  return (
    <div className={`loading-overlay${visible ? ' is-visible' : ''}`} data-testid="loading-overlay">
      <div className="loading-overlay__box">
        <span className="loading-overlay__spinner" aria-hidden="true" />
        <span role="status" aria-live="polite">
          {visible ? messages.loading : ''}
        </span>
      </div>
    </div>
  );
}
