import styled from 'styled-components';

/**
 * A table of the console's lists (operators, tokens, the audit log). Wide screens read it as a
 * table; on a phone each row becomes a block and each cell shows its column's name before it
 * (`data-label`), so nothing scrolls sideways at 390 px.
 */
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: var(--gs-font-size-sm);

  caption {
    text-align: start;
    font-weight: 600;
    padding-block-end: var(--gs-space-sm);
  }

  th,
  td {
    text-align: start;
    padding: var(--gs-space-sm);
    border-block-end: 1px solid var(--gs-border);
    vertical-align: middle;
  }

  th {
    font-weight: 600;
  }

  select {
    font: inherit;
    min-height: 32px;
    padding: var(--gs-space-xs) var(--gs-space-sm);
    border: 1px solid var(--gs-border);
    border-radius: var(--gs-radius-sm);
    background: var(--gs-body-background);
    color: var(--gs-body-text-color);
  }

  select:focus-visible {
    outline: 2px solid var(--gs-focus-ring);
    outline-offset: 2px;
  }

  @media (max-width: 40rem) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }

    tr {
      display: block;
      border-block-end: 1px solid var(--gs-border);
      padding-block: var(--gs-space-sm);
    }

    td {
      display: flex;
      flex-wrap: wrap;
      gap: var(--gs-space-xs) var(--gs-space-sm);
      border: 0;
      padding: var(--gs-space-xs) 0;
    }

    td[data-label]::before {
      content: attr(data-label);
      font-weight: 600;
      min-width: 8rem;
    }
  }
`;

/** A row of buttons under a form or in a table cell, wrapping on a phone. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-sm);
`;

/**
 * A form of a few fields side by side on a wide screen, stacked on a phone. Its last cell (the
 * button) keeps the space a field keeps under its control, so the button lines up with the inputs.
 */
export const InlineForm = styled.form`
  display: grid;
  gap: 0 var(--gs-space-md);
  align-items: end;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));

  & > :last-child {
    margin-bottom: var(--gs-space-md);
  }
`;

/** A secret shown once, in a monospace box the operator can select. */
export const Secret = styled.output`
  display: block;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: var(--gs-font-size-sm);
  padding: var(--gs-space-sm);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-sm);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
  overflow-wrap: anywhere;
  user-select: all;
`;
