/**
 * Alerts and confirms as accessible modal dialogs (decisions D4): the native <dialog>
 * with showModal(), focus moved to the dialog's button and returned afterwards.
 * `useDialogs().alert(msg)` resolves when closed; `confirm(msg)` resolves true or false.
 */
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { messages } from '#shared/messages.ts';

interface DialogApi {
  alert(message: string): Promise<void>;
  confirm(message: string): Promise<boolean>;
}

interface Pending {
  kind: 'alert' | 'confirm';
  message: string;
  resolve(ok: boolean): void;
  returnFocus: HTMLElement | null;
}

const DialogContext = createContext<DialogApi | null>(null);

export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);
  const current = queue[0];
  const ref = useRef<HTMLDialogElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const open = useCallback(
    (kind: Pending['kind'], message: string) =>
      new Promise<boolean>((resolve) => {
        const active = typeof document === 'undefined' ? null : document.activeElement;
        setQueue((q) => [...q, { kind, message, resolve, returnFocus: active instanceof HTMLElement ? active : null }]);
      }),
    [],
  );

  const api = useMemo<DialogApi>(
    () => ({
      alert: async (message) => {
        await open('alert', message);
      },
      confirm: (message) => open('confirm', message),
    }),
    [open],
  );

  useEffect(() => {
    const el = ref.current;
    if (!el || !current) return;
    if (!el.open) el.showModal();
    okRef.current?.focus();
  }, [current]);

  const settle = (ok: boolean) => {
    if (!current) return;
    ref.current?.close();
    current.resolve(ok);
    const target = current.returnFocus;
    setQueue((q) => q.slice(1));
    if (target?.isConnected) target.focus();
  };

  return (
    <DialogContext.Provider value={api}>
      {children}
      <dialog
        ref={ref}
        className="modal"
        aria-labelledby={titleId}
        onCancel={(e) => {
          e.preventDefault();
          settle(false);
        }}
      >
        {current && (
          <div className="modal__body">
            <p id={titleId} className="modal__message">
              {current.message}
            </p>
            <div className="modal__actions">
              {current.kind === 'confirm' && (
                <button type="button" className="btn btn--secondary" onClick={() => settle(false)}>
                  {messages.dialog.no}
                </button>
              )}
              <button type="button" className="btn btn--primary" ref={okRef} onClick={() => settle(true)}>
                {current.kind === 'confirm' ? messages.dialog.yes : messages.dialog.ok}
              </button>
            </div>
          </div>
        )}
      </dialog>
    </DialogContext.Provider>
  );
}

export function useDialogs(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialogs outside DialogProvider');
  return api;
}
