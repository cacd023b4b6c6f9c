import styled from 'styled-components';

export const PaginationRoot = styled.nav`
  display: flex;
  justify-content: center;
`;

export const PaginationList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-xs);
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const PageButton = styled.button<{ $current?: boolean }>`
  min-width: 2.5rem;
  min-height: 2.5rem;
  padding: var(--gs-space-xs) var(--gs-space-sm);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  font: inherit;
  font-weight: var(--gs-font-weight-medium);
  background: ${({ theme, $current }) => ($current ? theme.colors.secondaryColor : theme.colors.bodyBackground)};
  color: ${({ theme, $current }) => ($current ? theme.colors.secondaryContrast : theme.colors.bodyTextColor)};
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
  &:focus-visible {
    outline: 3px solid var(--gs-focus-ring);
    outline-offset: 2px;
  }
`;

export const PageGap = styled.span`
  padding: 0 var(--gs-space-xs);
  color: var(--gs-muted-text);
`;
