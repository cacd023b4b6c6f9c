import styled from 'styled-components';

/** The title and the signal's state badge on one line, the badge under the title on a phone. */
export const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-sm) var(--gs-space-md);
`;

/** The ingest's fields: each a name, its value (selectable, monospace, wrapping anywhere) and its buttons. */
export const Fields = styled.dl`
  display: grid;
  gap: var(--gs-space-md);
  margin: 0;

  > div {
    display: grid;
    gap: var(--gs-space-xs);
  }

  dt {
    font-weight: var(--gs-font-weight-bold);
  }

  dd {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--gs-space-xs) var(--gs-space-sm);
    margin: 0;
  }
`;

export const Value = styled.code`
  flex: 1 1 16rem;
  min-width: 0;
  padding: var(--gs-space-xs) var(--gs-space-sm);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-sm);
  background: var(--gs-body-background);
  color: var(--gs-body-text-color);
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: var(--gs-font-size-sm);
  overflow-wrap: anywhere;
  user-select: all;
`;

/** The health figures: a grid of name over value, three across on a wide screen, two on a phone. */
export const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(8rem, 1fr));
  gap: var(--gs-space-md);
  margin: 0;

  > div {
    display: grid;
    align-content: start;
    gap: var(--gs-space-xxs);
  }

  dt {
    font-size: var(--gs-font-size-sm);
  }

  dd {
    margin: 0;
    font-size: var(--gs-font-size-lg);
    font-weight: var(--gs-font-weight-bold);
    font-variant-numeric: tabular-nums;
  }

  dd[data-warning] {
    text-decoration: underline wavy;
    text-underline-offset: 0.25em;
  }
`;

/** The warnings' live region (a list inside it), which stays mounted so a new warning is announced when it arrives. */
export const Warnings = styled.div`
  ul {
    display: grid;
    gap: var(--gs-space-xs);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li {
    padding: var(--gs-space-sm) var(--gs-space-md);
    border: 2px solid var(--gs-danger);
    border-inline-start-width: 0.5rem;
    border-radius: var(--gs-radius-sm);
    background: var(--gs-body-background);
    color: var(--gs-body-text-color);
  }
`;

export const Poster = styled.img`
  display: block;
  width: 100%;
  max-width: 24rem;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: var(--gs-radius-sm);
  background: var(--gs-body-background);
`;

/** The trim's two times side by side on a wide screen, stacked on a phone, the button under them. */
export const TrimFields = styled.div`
  display: grid;
  gap: 0 var(--gs-space-md);
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
`;
