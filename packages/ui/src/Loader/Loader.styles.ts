import styled, { css } from 'styled-components';

export const LoaderRoot = styled.div<{ $fullScreen: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.bodyTextColor};
  ${({ $fullScreen, theme }) =>
    $fullScreen &&
    css`
      position: fixed;
      inset: 0;
      z-index: ${theme.zIndex.overlay};
      background: ${theme.colors.bodyBackground};
    `}
`;

export const LoaderLabel = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizes.md};
`;
