import { useMemo, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { sanitizeHtml } from '../sanitizeHtml.ts';

export interface SanitizedHtmlProps {
  /** HTML from the server; sanitised here, never inserted as it came. */
  html: string;
  className?: string;
  id?: string;
}

const noSubscription = () => () => {};

/**
 * Whether this render may sanitise: DOMPurify needs a real DOM, which a server render has not, so
 * there (and while the browser hydrates that markup) the HTML is left out rather than inserted
 * unsanitised; the browser fills it in right after.
 */
function useCanSanitize(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** Channel HTML shown in the site's type, with images kept inside the column. */
export function SanitizedHtml({ html, className, id }: SanitizedHtmlProps) {
  const canSanitize = useCanSanitize();
  const clean = useMemo(() => (canSanitize ? sanitizeHtml(html) : ''), [canSanitize, html]);
  return <Content className={className} id={id} dangerouslySetInnerHTML={{ __html: clean }} />;
}

const Content = styled.div`
  line-height: var(--gs-line-height);

  a {
    color: var(--gs-link);
  }
  img {
    max-width: 100%;
    height: auto;
  }
  table {
    display: block;
    max-width: 100%;
    overflow-x: auto;
  }
  > :first-child {
    margin-top: 0;
  }
  > :last-child {
    margin-bottom: 0;
  }
`;
