import styled, { css } from 'styled-components';
import { visuallyHidden } from '../shared/visuallyHidden.ts';

export const Panel = styled.div`
  display: grid;
  align-content: center;
  justify-items: center;
  gap: var(--gs-space-md);
  max-width: 32rem;
  padding: var(--gs-space-lg);
  text-align: center;

  p {
    margin: 0;
  }
`;

export const Title = styled.h2<{ $hidden: boolean }>`
  margin: 0;
  ${({ $hidden }) =>
    $hidden &&
    css`
      ${visuallyHidden}
    `}
`;

export const Actions = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: var(--gs-space-sm);
  margin: 0;
  padding: 0;
  list-style: none;
`;
