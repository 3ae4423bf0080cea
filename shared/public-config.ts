/** The part of the portal's configuration the browser sees (sent with every page). */
export interface PublicConfig {
  /** Decisions D2: the test-login button and /sso/sso exist only when this is true. */
  testLogin: boolean;
  siteName: string;
  libraryName: string;
  libraryUrl: string;
  instituteName: string;
  instituteUrl: string;
  supportPhone: string;
  supportEmail: string;
  /** Hosts an absolute login redirect URL may point to (decisions D3). */
  redirectHosts: string[];
}
