import styled from 'styled-components';

export const PaginationRoot = styled.nav`
  display: flex;
  justify-content: center;
`;

export const PaginationList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const PageButton = styled.button<{ $current?: boolean }>`
  min-width: 2.5rem;
  min-height: 2.5rem;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  font: inherit;
  font-weight: ${({ theme }) => theme.font.weights.medium};
  background: ${({ theme, $current }) => ($current ? theme.colors.secondaryColor : theme.colors.bodyBackground)};
  color: ${({ theme, $current }) => ($current ? theme.colors.secondaryContrast : theme.colors.bodyTextColor)};
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

export const PageGap = styled.span`
  padding: 0 ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.mutedText};
`;
