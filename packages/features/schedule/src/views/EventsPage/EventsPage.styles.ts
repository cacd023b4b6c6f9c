import styled from 'styled-components';

// The fields' own space below (ui's Field margin) would lift them above the search button's line.
export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: var(--gs-space-sm) var(--gs-space-md);

  > * {
    flex: 1 1 14rem;
    margin-bottom: 0;
  }
`;

export const SearchForm = styled.form`
  display: flex;
  align-items: end;
  gap: var(--gs-space-sm);

  > :first-child {
    flex: 1;
    margin-bottom: 0;
  }
`;

export const HeaderRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--gs-space-sm);
`;

export const EventList = styled.ul`
  display: grid;
  gap: var(--gs-space-sm);
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const RowTop = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: var(--gs-space-xs) var(--gs-space-md);
`;

export const EventName = styled.h2`
  margin: 0;
  font-size: var(--gs-font-size-md);
  font-weight: var(--gs-font-weight-bold);
  overflow-wrap: anywhere;
`;

export const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-xs);
`;

export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-xs);
`;
