import styled from 'styled-components';
import type { SpaceToken } from '../Page/Page.styles.ts';

export const CardRoot = styled.div<{ $gap: SpaceToken }>`
  display: grid;
  gap: ${({ theme, $gap }) => theme.space[$gap]};
  align-content: start;
  padding: var(--gs-space-md);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
`;
