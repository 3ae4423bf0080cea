/** The part of the portal's configuration the browser sees (sent with every page). */
export interface PublicConfig {
  /** docs/decisions/D2-answers-and-codes.md: the test-login button and /sso/sso exist only when this is true. */
  testLogin: boolean;
  siteName: string;
  libraryName: string;
  libraryUrl: string;
  instituteName: string;
  instituteUrl: string;
  supportPhone: string;
  supportEmail: string;
  /** Hosts an absolute login redirect URL may point to (docs/decisions/D3-sign-in-session-and-tokens.md). */
  redirectHosts: string[];
}
