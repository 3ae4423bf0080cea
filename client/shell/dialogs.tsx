/**
 * Alerts and confirms as accessible modal dialogs (docs/decisions/D4-behaviour-details.md): the native <dialog>
 * with showModal(), focus moved to the dialog's button and returned afterwards.
 * `useDialogs().alert(msg)` resolves when closed; `confirm(msg)` resolves true or false.
 * The dialog itself (dialog-box.tsx) loads on the first alert, like the slide-out menu.
 */
import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyHere } from '../components/lazy-part.tsx';

interface DialogApi {
  alert(message: string): Promise<void>;
  confirm(message: string): Promise<boolean>;
}

export interface Pending {
  kind: 'alert' | 'confirm';
  message: string;
  resolve(ok: boolean): void;
  returnFocus: HTMLElement | null;
}

const DialogContext = createContext<DialogApi | null>(null);
const loadBox = () => import('./dialog-box.tsx');
const DialogBox = lazyHere(loadBox);

export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);
  const current = queue[0];

  // Fetch the dialog's code once the page is idle, so a first alert does not wait for it.
  useEffect(() => {
    const load = () => void loadBox();
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(load);
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(load, 1000);
    return () => clearTimeout(id);
  }, []);

  const open = useCallback(
    (kind: Pending['kind'], message: string) =>
      new Promise<boolean>((resolve) => {
        const active = typeof document === 'undefined' ? null : document.activeElement;
        setQueue((q) => [...q, { kind, message, resolve, returnFocus: active instanceof HTMLElement ? active : null }]);
      }),
    [],
  );

  // An alert already waiting with the same words is not said twice (a write answered 401 and the
  // shell's own "로그인이 만료되었습니다."): both callers wait for the one dialog.
  const alerts = useRef(new Map<string, Promise<boolean>>());
  const api = useMemo<DialogApi>(
    () => ({
      alert: async (message) => {
        let shown = alerts.current.get(message);
        if (!shown) {
          shown = open('alert', message).finally(() => alerts.current.delete(message));
          alerts.current.set(message, shown);
        }
        await shown;
      },
      confirm: (message) => open('confirm', message),
    }),
    [open],
  );

  /** The box has closed its dialog: answer, move on, and give focus back. */
  const settle = useCallback((pending: Pending, ok: boolean) => {
    pending.resolve(ok);
    setQueue((q) => q.filter((p) => p !== pending));
    if (pending.returnFocus?.isConnected) pending.returnFocus.focus();
  }, []);

  return (
    <DialogContext.Provider value={api}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <DialogBox pending={current} onSettle={settle} />
        </Suspense>
      )}
    </DialogContext.Provider>
  );
}

export function useDialogs(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialogs outside DialogProvider');
  return api;
}
