/**
 * In-app browser guide (docs/decisions/D4-behaviour-details.md): open the portal in the phone's own browser, or
 * continue here anyway (remembered by the server, so there is no loop).
 */
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { detectInApp, externalOpenUrl, isAndroid } from '#shared/inapp.ts';
import { inappText } from './messages.ts';
import { HOME_PATH, INAPP_PATH } from '#shared/routes.ts';
import { safeLocalPath } from '#shared/safe-redirect.ts';

interface Data {
  /** Where the member was going (a same-origin path). */
  target: string;
  /** The absolute address of that page, as the member's browser sees it. */
  absolute: string;
  external: string | null;
  ios: boolean;
}

export function loader({ request }: LoaderFunctionArgs): Data {
  const url = new URL(request.url);
  const target = safeLocalPath(url.searchParams.get('url')) ?? HOME_PATH;
  const ua = request.headers.get('user-agent') ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
  const absolute = new URL(target, url.origin).href;
  return { target, absolute, external: externalOpenUrl(detectInApp(ua), ua, absolute), ios: !isAndroid(ua) && /iPhone|iPad|iPod/i.test(ua) };
}

export default function InappPage() {
  const { target, absolute, external, ios } = useLoaderData<Data>();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(absolute);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="container section">
      <div className="status-panel">
        <h2 className="status-panel__title">{inappText.title}</h2>
        <p className="lead">{inappText.body}</p>
        {ios && !external && <p className="notice-box">{inappText.iosHint}</p>}
        <div className="status-panel__actions">
          {external && (
            <a className="btn btn--primary" href={external}>
              {inappText.open}
            </a>
          )}
          <button type="button" className="btn btn--secondary" onClick={() => void copy()}>
            {inappText.copy}
          </button>
          {/* A document load: the server remembers the choice and redirects (decision 0036). */}
          <a className="btn btn--tertiary" href={`${INAPP_PATH}?continue=1&url=${encodeURIComponent(target)}`} data-document="">
            {inappText.continue}
          </a>
        </div>
        <p role="status" className="status-panel__status">
          {copied ? inappText.copied : ''}
        </p>
      </div>
    </div>
  );
}
