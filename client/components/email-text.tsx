/**
 * E-mail addresses as people read them (decision 0144): an address is one thing, so on a narrow
 * phone it may break only before its @ (the next line shows it goes on), never mid-name or
 * mid-domain. `TextWithEmails` does the same for the addresses inside a text from the API.
 */
import { Fragment } from 'react';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

export function Email({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at <= 0) return <span className="email">{address}</span>;
  return (
    <span className="email">
      <span>{address.slice(0, at)}</span>
      <wbr />
      <span>{address.slice(at)}</span>
    </span>
  );
}

export function TextWithEmails({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let from = 0;
  for (const m of text.matchAll(EMAIL)) {
    parts.push(<Fragment key={from}>{text.slice(from, m.index)}</Fragment>, <Email key={m.index} address={m[0]} />);
    from = m.index + m[0].length;
  }
  parts.push(<Fragment key={from}>{text.slice(from)}</Fragment>);
  return <>{parts}</>;
}
