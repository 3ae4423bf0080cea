/**
 * What the device holds for the member (issue 38, decision 0145), under the header (loaded by
 * device-notes.tsx only when there is something to say):
 * - writes waiting for the network (the outbox's count, client/api/outbox.ts): sent when the
 *   network is back (the `online` event), on the next visit, or by the service worker, and
 *   each result told in a dialog as if it had gone through at once (points included);
 * - after a deploy switched this tab to the new build (build-switch.ts, client/api/build.ts), that it did.
 */
import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router-dom';
import { OUTBOX_EVENT, OUTBOX_HINT, OUTBOX_MESSAGE } from '#shared/pwa.ts';
import { useSessionUser } from '../session/session-context.tsx';
import { deviceNotesText } from './device-notes-messages.ts';
import { useDialogs } from './dialogs.tsx';
import { tabStorage, UPDATED_KEY } from '../api/build.ts';

function waitingCount(): number {
  try {
    return Number(localStorage.getItem(OUTBOX_HINT) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/** The new page after a switch of build: says it once. */
function takeUpdatedNotice(): boolean {
  const storage = tabStorage();
  const updated = storage?.getItem(UPDATED_KEY) === '1';
  if (updated) storage?.removeItem(UPDATED_KEY);
  return updated;
}

export default function DeviceNotesPanel() {
  const userId = useSessionUser()?.user_id;
  const dialogs = useDialogs();
  const revalidator = useRevalidator();
  const [waiting, setWaiting] = useState(0);
  // Rendered in the browser only (device-notes.tsx loads it after the page is live).
  const [updated] = useState(takeUpdatedNotice);

  useEffect(() => {
    const read = () => setWaiting(waitingCount());
    read();
    if (!userId) return;
    let sending = false;
    const send = () => {
      if (sending || waitingCount() === 0) return;
      sending = true;
      void import('../api/write.ts')
        .then(async (m) => {
          const told = await m.flushOutbox();
          for (const t of told) {
            // Told once its dialog is asked for; until then it stays for the next page to tell.
            const closed = dialogs.alert(t.sentence);
            await m.toldLater(t.key);
            await closed;
          }
          if (told.some((t) => t.ok)) await revalidator.revalidate();
        })
        .catch(() => undefined)
        .finally(() => {
          sending = false;
        });
    };
    send();
    const fromWorker = (e: MessageEvent) => {
      if (e.data === OUTBOX_MESSAGE) send();
    };
    addEventListener(OUTBOX_EVENT, read);
    addEventListener('online', send);
    navigator.serviceWorker?.addEventListener('message', fromWorker);
    return () => {
      removeEventListener(OUTBOX_EVENT, read);
      removeEventListener('online', send);
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
    };
    // The dialogs and the revalidator are stable for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  if (waiting === 0 && !updated) return null;
  return (
    <div className="device-notes">
      <div className="container">
        {waiting > 0 && (
          <p className="device-notes__item" role="status">
            {deviceNotesText.waiting(waiting)}
          </p>
        )}
        {updated && (
          <p className="device-notes__item" role="status">
            {deviceNotesText.updated}
          </p>
        )}
      </div>
    </div>
  );
}
