/**
 * Footer of docs/product.md §2: privacy policy (visually distinct, exactly "개인정보 처리방침") and
 * terms; the provincial library and lifelong-education institute sites in new tabs;
 * the support phone and the receive-only e-mail address.
 */
import { messages } from '#shared/messages.ts';
import { hrefOf } from '#shared/routes.ts';
import { useConfig } from './config-context.tsx';
import { IconExternal } from './icons.tsx';
import { Email } from '#client/components/email-text.tsx';
import { formatPhone } from '#client/components/format.ts';

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a className="footer__external" href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <IconExternal width={16} height={16} />
      <span className="sr-only">({messages.footer.newWindow})</span>
    </a>
  );
}

export function Footer() {
  const c = useConfig();
  const tel = c.supportPhone.replace(/[^0-9]/g, '');
  return (
    <footer className="site-footer">
      <div className="container">
        <ul className="site-footer__policies">
          <li>
            <a className="site-footer__privacy" href={hrefOf('privacy')}>
              {messages.footer.privacy}
            </a>
          </li>
          <li>
            <a href={hrefOf('terms')}>{messages.footer.terms}</a>
          </li>
        </ul>
        <div className="site-footer__body">
          <div className="site-footer__org">
            <p className="site-footer__name">{c.siteName}</p>
            <p>{c.libraryName} {messages.footer.office}</p>
            <dl className="site-footer__contact">
              <div>
                <dt>{messages.footer.phone}</dt>
                <dd>
                  <a href={`tel:${tel}`}>{formatPhone(c.supportPhone)}</a> <span className="site-footer__hours">({messages.footer.hours})</span>
                </dd>
              </div>
              <div>
                <dt>{messages.footer.email}</dt>
                <dd>
                  <Email address={c.supportEmail} /> <span className="site-footer__note">({messages.footer.emailNote})</span>
                </dd>
              </div>
            </dl>
          </div>
          <nav className="site-footer__related" aria-label={messages.footer.related}>
            <h2 className="site-footer__heading">{messages.footer.related}</h2>
            <ul>
              <li>
                <ExternalLink href={c.libraryUrl}>{c.libraryName}</ExternalLink>
              </li>
              <li>
                <ExternalLink href={c.instituteUrl}>{c.instituteName}</ExternalLink>
              </li>
            </ul>
          </nav>
        </div>
        <p className="site-footer__copyright">
          © 2026 {c.libraryName}. {messages.footer.copyright}
        </p>
      </div>
    </footer>
  );
}
