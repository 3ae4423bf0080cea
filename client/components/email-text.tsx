/**
 * An e-mail address as people read it (decision 0144): one thing, so on a narrow phone it may
 * break only before its @ (the next line shows it goes on), never mid-name or mid-domain. In the
 * shell (the footer): kept small, as every page's first visit carries it.
 */

export function Email({ address }: { address: string }) {
  const at = Math.max(address.indexOf('@'), 0);
  return (
    <span className="email">
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </span>
  );
}
