import { messages } from '#shared/messages.ts';

export const MAIN_ID = 'main';

/** The first focusable element: moves focus to the main content (KWCAG 2.2 건너뛰기 링크). */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        e.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      {messages.shell.skip}
    </a>
  );
}
