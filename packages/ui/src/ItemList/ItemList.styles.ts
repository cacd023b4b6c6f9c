import styled from 'styled-components';

/**
 * A list of boxes (channels, domains, offers, codes), one a line: each `Item` holds its name and
 * facts in an `ItemText` and its actions after it, which wrap under the text on a phone.
 */
export const ItemList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: var(--gs-space-sm);
`;

/** One box of an `ItemList`: its text and actions on one line where they fit, wrapping where not. */
export const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-xs) var(--gs-space-md);
  padding: var(--gs-space-sm) var(--gs-space-md);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
`;

// The basis is the width under which the item's actions go under its text rather than squeeze it.
export const ItemTextRoot = styled.div<{ $basis: string }>`
  display: grid;
  gap: var(--gs-space-xxs);
  flex: 1 1 ${({ $basis }) => $basis};
  min-width: 0;
  overflow-wrap: anywhere;
`;

/**
 * Buttons in a row, wrapping on a phone: an item's actions, or a form's. A styled component, so a
 * layout of a feature can place it with a component selector (`& > ${ButtonRow}`).
 */
export const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-sm);
`;
