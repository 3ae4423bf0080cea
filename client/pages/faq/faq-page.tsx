/** FAQ (docs/product.md §2 /board/faq/homefaq): questions by category, answers folded. */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { Faq, FaqListAnswer } from '#shared/contract/board.ts';
import { homepage } from '#client/api/homepage.ts';
import { faqText as t } from './messages.ts';
import { ListState } from '#client/components/list-state.tsx';

const CATEGORIES = ['member', 'point', 'activity', 'challenge', 'bookstore'] as const;
type Category = (typeof CATEGORIES)[number];

interface Data {
  category: Category | null;
  categories: FaqListAnswer['categories'];
  faqs: Faq[] | null;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<Data> {
  const raw = new URL(request.url).searchParams.get('category');
  const category = CATEGORIES.find((c) => c === raw) ?? null;
  const answer = await homepage(context).get('/board/faq', { query: category ? { category } : {} });
  return answer.result === 'success'
    ? { category, categories: answer.categories, faqs: answer.faq_list }
    : { category, categories: [], faqs: null };
}

export default function FaqPage() {
  const { category, categories, faqs } = useLoaderData<Data>();
  return (
    <div className="container section stack">
      <p className="lead">{t.lead}</p>
      <nav aria-label={t.categories}>
        <ul className="chips">
          <li>
            <Link className="chip" to="?" aria-current={category === null ? 'page' : undefined}>
              {t.all}
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c.category}>
              <Link className="chip" to={`?category=${c.category}`} aria-current={category === c.category ? 'page' : undefined}>
                {c.category_name} ({c.count})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListState of={faqs} items={(f) => f} none={t.none}>
        {(faqs) => (
          <div className="faq-list">
            {faqs.map((f) => (
              <details key={f.faq_key} className="faq-item">
                <summary>
                  <span className="sr-only">{t.question}</span>
                  {f.question}
                </summary>
                <div className="faq-item__answer">
                  <span className="sr-only">{t.answer}</span>
                  {f.answer}
                </div>
              </details>
            ))}
          </div>
        )}
      </ListState>
    </div>
  );
}
