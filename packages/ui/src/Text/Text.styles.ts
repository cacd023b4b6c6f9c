import styled from 'styled-components';

export type TextTone = 'default' | 'muted';
export type TextSize = 'sm' | 'md' | 'lg';

export const TextRoot = styled.p<{ $tone: TextTone; $size?: TextSize; $bold: boolean }>`
  margin: 0;
  ${({ $tone, theme }) => ($tone === 'muted' ? `color: ${theme.colors.mutedText};` : '')}
  ${({ $size, theme }) => ($size ? `font-size: ${theme.font.sizes[$size]};` : '')}
  ${({ $bold, theme }) => ($bold ? `font-weight: ${theme.font.weights.bold};` : '')}
`;

export const SectionTitleRoot = styled.h2`
  margin: 0;
  font-size: var(--gs-font-size-lg);
`;
