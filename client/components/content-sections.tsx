/** A system content (terms, privacy policy, service guide) as headed sections. */
import type { SystemContent } from '#shared/contract/content.ts';
import { messages } from '#shared/messages.ts';
import { contentText } from './content-sections-messages.ts';
import { Fragment } from 'react';
import { Email } from './email-text.tsx';
import { formatDay } from './format.ts';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** A text from the API with its e-mail addresses kept whole but before their @ (email-text.tsx). */
function TextWithEmails({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let from = 0;
  for (const m of text.matchAll(EMAIL)) {
    parts.push(<Fragment key={from}>{text.slice(from, m.index)}</Fragment>, <Email key={m.index} address={m[0]} />);
    from = m.index + m[0].length;
  }
  parts.push(<Fragment key={from}>{text.slice(from)}</Fragment>);
  return <>{parts}</>;
}

export function ContentSections({ content, level = 2 }: { content: SystemContent | null; level?: 2 | 3 }) {
  if (!content) return <p className="empty">{messages.error.temporary}</p>;
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <div className="doc">
      <p className="doc__meta">
        {content.version} · {contentText.effectiveOn} <time dateTime={content.effective_on}>{formatDay(content.effective_on)}</time>
      </p>
      {content.sections.map((s) => (
        <section key={s.heading} className="doc__section">
          <H className="doc__heading">{s.heading}</H>
          <p className="doc__body">
            <TextWithEmails text={s.body} />
          </p>
        </section>
      ))}
    </div>
  );
}
