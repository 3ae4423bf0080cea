/** Privacy policy (footer link "개인정보 처리방침"). */
import { PendingData } from '../../components/pending-data.tsx';

export default function PrivacyPage() {
  return (
    <div className="container section stack">
      <PendingData what="개인정보 처리방침 전문" />
    </div>
  );
}
