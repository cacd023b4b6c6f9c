import { LazySanitizedHtml } from '@grandstand/content';
import { Suspense, useEffect, useRef, useState } from 'react';

/**
 * The channel's footer block (server HTML, sanitised before it is shown; the sanitiser, DOMPurify,
 * is the heaviest piece of the footer and loads when the footer comes near). It sits below the fold on
 * most pages, so it renders when the footer nears the viewport and costs the first screen nothing.
 */
export function FooterBlock({ html }: { html: string }) {
  const anchor = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, some test environments) it renders at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = anchor.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '400px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return <div ref={anchor}>{near && <Suspense fallback={null}><LazySanitizedHtml html={html} /></Suspense>}</div>;
}
