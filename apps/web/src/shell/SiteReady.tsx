import { useEffect } from 'react';

/**
 * Marks `<html data-ready>` once it commits: from then on the page on screen is the site's, its
 * buttons and links acting. End-to-end tests and the bench wait for it.
 *
 * It sits beside the page inside the page's Suspense boundary, so it commits with the page's own
 * content: a server-rendered page's frame is taken over first and its content in a later, idle pass
 * (React hydrates a Suspense boundary's server markup after its parent), and a press on the content
 * before that pass may be lost. The page's error panel and the reload screen carry it too.
 */
export function SiteReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}
