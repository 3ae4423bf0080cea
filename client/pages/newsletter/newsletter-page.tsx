/** Newsletter (spec §2 /board/newsletter/newsletter): issues of the programme's letter. */
import { PendingData } from '../../components/pending-data.tsx';

export default function NewsletterPage() {
  return (
    <div className="container section stack">
      <p className="lead">매달 새로 나온 책과 독서동아리 소식, 서점 이야기를 담아 보내 드리는 뉴스레터입니다.</p>
      <PendingData what="호별 뉴스레터" />
    </div>
  );
}
