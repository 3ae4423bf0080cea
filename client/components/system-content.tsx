/**
 * Pages whose body is a system content of the homepage API (terms, privacy policy):
 * one loader factory and one component.
 */
import { useLoaderData, type LoaderFunction } from 'react-router-dom';
import type { ContentType, SystemContent } from '#shared/contract/content.ts';
import { homepage } from '../api/homepage.ts';
import { ContentSections } from './content-sections.tsx';

export async function loadSystemContent(context: unknown, type: ContentType): Promise<SystemContent | null> {
  const answer = await homepage(context).get('/common/systemcontentinfo', { query: { content_type: type } });
  return answer.result === 'success' ? answer.system_content : null;
}

export function systemContentLoader(type: ContentType): LoaderFunction {
  return ({ context }) => loadSystemContent(context, type);
}

export function SystemContentPage() {
  const content = useLoaderData<SystemContent | null>();
  return (
    <div className="container section narrow">
      <ContentSections content={content} />
    </div>
  );
}
