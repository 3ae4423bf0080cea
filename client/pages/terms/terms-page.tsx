/** Terms of use (spec §2 /service/terms). */
import { PendingData } from '../../components/pending-data.tsx';

export default function TermsPage() {
  return (
    <div className="container section stack">
      <PendingData what="이용약관 전문" />
    </div>
  );
}
