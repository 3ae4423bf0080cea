/** Terms agreement (spec §2 /agree/agree). */
import { PendingData } from '../../components/pending-data.tsx';

export default function AgreePage() {
  return (
    <div className="container section stack narrow">
      <p className="lead">독서포인트 서비스를 이용하려면 약관에 동의해 주세요.</p>
      <PendingData what="약관 동의 양식" />
    </div>
  );
}
