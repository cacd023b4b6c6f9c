import styled from 'styled-components';

export const TableScroll = styled.div`
  overflow-x: auto;
  max-width: 100%;
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: var(--gs-font-size-sm);

  caption {
    text-align: start;
    font-weight: var(--gs-font-weight-bold);
    padding-bottom: var(--gs-space-xs);
  }

  th,
  td {
    padding: var(--gs-space-xs) var(--gs-space-sm);
    border-bottom: 1px solid var(--gs-border);
    text-align: start;
    vertical-align: top;
  }
`;

export const FileInput = styled.input`
  min-height: 2.75rem;
  max-width: 100%;
`;

export const UnknownGroup = styled.fieldset`
  margin: 0;
  padding: var(--gs-space-sm) var(--gs-space-md);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  min-width: 0;

  legend {
    padding: 0 var(--gs-space-xs);
    font-weight: var(--gs-font-weight-bold);
  }
`;
