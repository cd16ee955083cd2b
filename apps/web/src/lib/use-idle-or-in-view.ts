import { useEffect, useState, type RefObject } from 'react';

const canWait = () =>
  typeof window !== 'undefined' && 'requestIdleCallback' in window && 'IntersectionObserver' in window;

/**
 * Whether a part that is costly to load and draw may be drawn now: once the browser is idle after the
 * page has loaded, or sooner when the visitor scrolls it near the viewport. Never with the first screen,
 * even when it is on it: what the first screen says comes first, and the part's long task after (the
 * returns chart: recharts, about 110 kB gzip, and a long task to mount; ADR 023). Where the browser has
 * no idle callback or intersection observer (jsdom in tests), at once.
 */
export function useIdleOrInView(
  ref: RefObject<Element | null>,
  { timeoutMs = 2_000, margin = '200px' }: { timeoutMs?: number; margin?: string } = {},
): boolean {
  const [ready, setReady] = useState(() => !canWait());
  useEffect(() => {
    if (ready) return;
    let done = false;
    let idle: number | undefined;
    const go = () => {
      if (done) return;
      done = true;
      // Not as a transition: mounting the returns chart concurrently, recharts' store updates made the
      // mount one 2.6-2.9 s task in Lighthouse, against 0.8 s when rendered at once.
      setReady(true);
    };
    const whenIdle = () => {
      idle = requestIdleCallback(go, { timeout: timeoutMs });
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    // The observer's first report is where the part is now: on the first screen it waits for idle.
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!first && entries.some((e) => e.isIntersecting)) go();
        first = false;
      },
      { rootMargin: margin },
    );
    if (ref.current) observer.observe(ref.current);
    return () => {
      done = true;
      observer.disconnect();
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [ready, ref, timeoutMs, margin]);
  return ready;
}
