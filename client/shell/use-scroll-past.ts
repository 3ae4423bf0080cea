import { useEffect, useState } from 'react';
import { isScrolledPast } from './rules.ts';

/**
 * True once the page is scrolled past `threshold` px. False on the server and in the
 * first client render so hydration matches; one passive listener, one update a frame.
 */
export function useScrollPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setPast(isScrolledPast(window.scrollY, threshold));
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return past;
}
