import styled from 'styled-components';

/** A list of boxes (channels, domains): one per line, its facts wrapping on a phone, its action at the end. */
export const ItemList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: var(--gs-space-sm);
`;

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

/** The item's name and facts, taking the room its action leaves. */
export const ItemText = styled.div`
  display: grid;
  gap: var(--gs-space-xxs);
  flex: 1 1 14rem;
  min-width: 0;
  overflow-wrap: anywhere;
`;

/** Fields side by side where they fit, tops aligned (a hint under one leaves the others in place), the buttons on a row of their own under them. */
export const FieldRow = styled.form`
  display: grid;
  gap: 0 var(--gs-space-md);
  align-items: start;
  grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
`;

/** Buttons in a row, wrapping on a phone; in a `FieldRow`, the whole row under its fields. */
export const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-sm);

  ${FieldRow} > & {
    grid-column: 1 / -1;
  }
`;
