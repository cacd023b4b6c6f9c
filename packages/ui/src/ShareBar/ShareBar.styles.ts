import styled, { css } from 'styled-components';

export const ShareBarRoot = styled.div<{ $animated: boolean }>`
  height: 0.5rem;
  border-radius: var(--gs-radius-pill);
  background: var(--gs-border);
  overflow: hidden;

  span {
    display: block;
    height: 100%;
    background: var(--gs-primary-color);
    ${({ $animated }) =>
      $animated &&
      css`
        transition: width 300ms ease;

        @media (prefers-reduced-motion: reduce) {
          transition: none;
        }
      `}
  }
`;
