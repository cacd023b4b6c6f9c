import styled from 'styled-components';
import type { SpaceToken } from '../Page/Page.styles.ts';

export const CardRoot = styled.div<{ $gap: SpaceToken }>`
  display: grid;
  gap: ${({ theme, $gap }) => theme.space[$gap]};
  align-content: start;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.surfaceText};
`;
