/**
 * 화면 설정 (decision 0060) as a page: where the header's control leads without JavaScript,
 * and a page of its own for anyone who bookmarks it. The form posts to the settings route,
 * which remembers the choice and sends the member back to the page they came from.
 */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { DEFAULT_DISPLAY, displayFromCookies, type DisplaySettings } from '#shared/display.ts';
import { HOME_PATH } from '#shared/routes.ts';
import { displayBackPath } from '#shared/display-return.ts';
import { DisplaySettingsForm } from '#client/shell/display-settings.tsx';
import { displayText } from '#client/shell/display-settings-messages.ts';

interface Data {
  initial: DisplaySettings;
  returnTo: string;
}

export function loader({ request }: LoaderFunctionArgs): Data {
  // The server passes the display cookie on to loaders; in the browser it is the page's own.
  const cookies = typeof document === 'undefined' ? request.headers.get('cookie') : document.cookie;
  return {
    initial: displayFromCookies(cookies) ?? DEFAULT_DISPLAY,
    returnTo: displayBackPath(new URL(request.url).searchParams.get('returnTo')) ?? HOME_PATH,
  };
}

export default function DisplayPage() {
  const { initial, returnTo } = useLoaderData<Data>();
  return (
    <div className="container section narrow">
      <div className="card stack">
        <p className="lead">{displayText.intro}</p>
        <DisplaySettingsForm initial={initial} returnTo={returnTo}>
          <Link className="btn btn--tertiary" to={returnTo}>
            {displayText.back}
          </Link>
        </DisplaySettingsForm>
      </div>
    </div>
  );
}
