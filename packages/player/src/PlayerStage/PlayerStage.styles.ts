import styled, { css } from 'styled-components';

/** Its one track of minmax(0, 1fr) keeps wide content (a countdown, long names) from widening it. */
export const Stage = styled.div<{ $variant: 'video' | 'panel' }>`
  aspect-ratio: 16 / 9;
  width: 100%;
  overflow: hidden;
  border-radius: var(--gs-radius-md);
  ${({ $variant }) =>
    $variant === 'video'
      ? css`
          background: #000;
        `
      : css`
          display: grid;
          grid-template-columns: minmax(0, 1fr);
          align-content: center;
          justify-items: center;
          gap: var(--gs-space-md);
          padding: var(--gs-space-lg);
          background: var(--gs-surface);
          color: var(--gs-surface-text);
          text-align: center;

          @media (max-width: 600px) {
            aspect-ratio: auto;
            min-height: 16rem;
          }

          p {
            margin: 0;
          }
        `}
`;
