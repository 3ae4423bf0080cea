/**
 * The book picker, loaded when a page shows it (a write page without a chosen book): the
 * form pages' first visit does not carry it (decision 0034).
 */
import { Suspense } from 'react';
import { messages } from '#shared/messages.ts';
import type { BookPickerProps } from './book-picker.tsx';
import { Skeleton } from './deferred.tsx';
import { lazyHere } from './lazy-part.tsx';

const BookPicker = lazyHere(() => import('./book-picker.tsx').then((m) => ({ default: m.BookPicker })));

export function LazyBookPicker(props: BookPickerProps) {
  return (
    <Suspense fallback={<Skeleton lines={2} label={messages.loading} />}>
      <BookPicker {...props} />
    </Suspense>
  );
}
