/** The modal dialog of an alert or a confirm (dialogs.tsx loads it on first use). */
import { useEffect, useId, useRef } from 'react';
import { messages } from '#shared/messages.ts';
import type { Pending } from './dialogs.tsx';

export default function DialogBox({ pending, onSettle }: { pending: Pending; onSettle(pending: Pending, ok: boolean): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal();
    okRef.current?.focus();
  }, [pending]);

  // Close first: while the modal is open the rest of the page is inert and cannot take focus back.
  const settle = (ok: boolean) => {
    ref.current?.close();
    onSettle(pending, ok);
  };

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        settle(false);
      }}
    >
      <div className="modal__body">
        <p id={titleId} className="modal__message">
          {pending.message}
        </p>
        <div className="modal__actions">
          {pending.kind === 'confirm' && (
            <button type="button" className="btn btn--secondary" onClick={() => settle(false)}>
              {messages.dialog.no}
            </button>
          )}
          <button type="button" className="btn btn--primary" ref={okRef} onClick={() => settle(true)}>
            {pending.kind === 'confirm' ? messages.dialog.yes : messages.dialog.ok}
          </button>
        </div>
      </div>
    </dialog>
  );
}
