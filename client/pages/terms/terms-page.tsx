/** Terms of use (docs/product.md §2 /service/terms), from the homepage API's system contents. */
import { SystemContentPage, systemContentLoader } from '#client/components/system-content.tsx';

export const loader = systemContentLoader('terms');
export default SystemContentPage;
