import { Page } from '@grandstand/ui';
import styled from 'styled-components';

/** The column every content page sits in: ui's reading width, an article, its running text keeping its margins. */
export const PageArticle = styled(Page).attrs({ width: 'reading', forwardedAs: 'article' })`
  > h1 {
    margin-top: 0;
    font-size: var(--gs-font-size-xxl);
  }
`;

/** A quiet line of text with a link, e.g. "Did not find your answer? Contact us". */
export const Aside = styled.p`
  margin-top: var(--gs-space-xl);
  color: var(--gs-muted-text);

  a {
    color: var(--gs-link);
  }
`;
