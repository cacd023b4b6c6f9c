import styled from 'styled-components';
import { linkList } from '../shared/linkList.ts';

export const FooterRoot = styled.footer`
  background: var(--gs-footer-background);
  color: var(--gs-footer-text-color);

  & :focus-visible {
    outline-color: var(--gs-footer-focus-ring);
  }

  a {
    color: inherit;
  }
`;

export const FooterInner = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--gs-space-lg);
  max-width: 80rem;
  margin: 0 auto;
  padding: var(--gs-space-xl) var(--gs-space-md);
`;

export const FooterName = styled.p`
  margin: 0;
  font-size: var(--gs-font-size-lg);
  font-weight: var(--gs-font-weight-bold);
`;

export const FooterList = styled.ul`
  ${linkList}
  flex-wrap: wrap;
  gap: var(--gs-space-sm) var(--gs-space-lg);
`;

export const Copyright = styled.p`
  margin: 0;
  font-size: var(--gs-font-size-sm);
`;
