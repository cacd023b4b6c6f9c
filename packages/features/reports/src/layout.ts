import styled from 'styled-components';

/** Figures side by side where the page is wide enough, one under the other on a phone. */
export const Grid = styled.div`
  display: grid;
  gap: var(--gs-space-lg);
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr));
  align-items: start;
`;

/** The headline figures: a few numbers in cards. */
export const Stats = styled.dl`
  display: grid;
  gap: var(--gs-space-sm);
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 10rem), 1fr));
  margin: 0;

  div {
    background: var(--gs-surface);
    color: var(--gs-surface-text);
    border: 1px solid var(--gs-border);
    border-top: 4px solid var(--gs-primary-color);
    border-radius: var(--gs-radius-md);
    padding: var(--gs-space-sm);
  }

  dt {
    font-size: var(--gs-font-size-sm);
  }

  dd {
    margin: 0;
    font-size: var(--gs-font-size-xl);
    font-weight: var(--gs-font-weight-bold);
  }
`;

/** The period's form: two dates and its button on one line where there is room. */
export const PeriodForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-sm);
  align-items: end;

  @media print {
    display: none;
  }
`;

/** A download link under a table. */
export const CsvLink = styled.a`
  color: var(--gs-link);
  font-size: var(--gs-font-size-sm);
  justify-self: start;

  @media print {
    display: none;
  }
`;

/** What the printed statement leaves out: forms and buttons. */
export const NoPrint = styled.div`
  @media print {
    display: none;
  }
`;
