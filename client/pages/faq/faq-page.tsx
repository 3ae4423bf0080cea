/** FAQ (spec §2 /board/faq/homefaq): questions by category. */
import { PendingData } from '../../components/pending-data.tsx';

export default function FaqPage() {
  return (
    <div className="container section stack">
      <p className="lead">독서포인트 적립과 사용, 회원정보, 챌린지와 동아리에 대해 자주 묻는 질문을 모았습니다.</p>
      <PendingData what="분류별 자주 묻는 질문" />
    </div>
  );
}
