/** Edit member information (spec §2 /mypage/information). */
import { PendingData } from '../../components/pending-data.tsx';

export default function InformationPage() {
  return (
    <div className="container section stack narrow">
      <p className="lead">연락처와 거주 지역, 알림 수신 동의를 바꿀 수 있습니다. 정보를 바꾸려면 비밀번호를 한 번 더 입력해 주세요.</p>
      <PendingData what="회원정보 수정 양식" />
    </div>
  );
}
