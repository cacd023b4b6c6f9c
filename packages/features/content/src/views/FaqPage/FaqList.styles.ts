import styled from 'styled-components';

export const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  border-top: 1px solid var(--gs-border);
`;

export const Entry = styled.li`
  border-bottom: 1px solid var(--gs-border);
`;

export const Question = styled.h2`
  margin: 0;
  font-size: var(--gs-font-size-lg);
`;

// A chevron that turns when the answer opens; decoration only, the state is aria-expanded.
export const Toggle = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  gap: var(--gs-space-md);
  padding: var(--gs-space-md) 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  font-weight: var(--gs-font-weight-medium);
  text-align: start;
  cursor: pointer;

  &::after {
    content: '';
    flex: none;
    width: 0.6em;
    height: 0.6em;
    border-right: 2px solid currentColor;
    border-bottom: 2px solid currentColor;
    transform: rotate(45deg);
    transition: transform var(--gs-motion-fast);
  }
  &[aria-expanded='true']::after {
    transform: rotate(-135deg);
  }
  &:focus-visible {
    outline: 3px solid var(--gs-focus-ring);
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    &::after {
      transition: none;
    }
  }
`;

export const Answer = styled.div`
  padding: 0 0 var(--gs-space-md);
`;
