import { useMemo } from 'react';
import styled from 'styled-components';
import { sanitizeHtml } from '../sanitizeHtml.ts';

export interface SanitizedHtmlProps {
  /** HTML from the server; sanitised here, never inserted as it came. */
  html: string;
  className?: string;
  id?: string;
}

/** Channel HTML shown in the site's type, with images kept inside the column. */
export function SanitizedHtml({ html, className, id }: SanitizedHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Content className={className} id={id} dangerouslySetInnerHTML={{ __html: clean }} />;
}

const Content = styled.div`
  line-height: ${({ theme }) => theme.font.lineHeight};

  a {
    color: ${({ theme }) => theme.colors.link};
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
