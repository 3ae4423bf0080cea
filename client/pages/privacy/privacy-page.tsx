/** Privacy policy (footer link "개인정보 처리방침"), from the homepage API's system contents. */
import { SystemContentPage, systemContentLoader } from '#client/components/system-content.tsx';

export const loader = systemContentLoader('privacy');
export default SystemContentPage;
