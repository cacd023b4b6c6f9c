import styled from 'styled-components';

/** The form, and the preview beside it on a wide screen (kept in view while the form scrolls), under it on a phone. */
export const Columns = styled.div`
  display: grid;
  gap: var(--gs-space-xl);
  align-items: start;

  @media (min-width: 64rem) {
    grid-template-columns: minmax(0, 1fr) minmax(18rem, 26rem);

    & > [data-preview] {
      position: sticky;
      top: var(--gs-space-md);
      order: 2;
    }
  }

  @media (max-width: 63.99rem) {
    & > [data-preview] {
      order: -1;
    }
  }
`;

export const Fieldset = styled.fieldset`
  display: grid;
  gap: var(--gs-space-sm);
  margin: 0;
  padding: var(--gs-space-md);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  min-width: 0;

  legend {
    font-weight: 700;
    padding-inline: var(--gs-space-xs);
  }
`;

export const ColorGrid = styled.div`
  display: grid;
  gap: 0 var(--gs-space-md);
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
`;

/**
 * The picker beside its text field, level with the field's input however many lines its label takes
 * (the field keeps a margin under its input; an error under it moves the input up by its height).
 */
export const ColorRow = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: var(--gs-space-sm);
  align-items: end;
`;

export const Swatch = styled.div`
  margin-block-end: var(--gs-space-md);

  input[type='color'] {
    display: block;
    inline-size: 44px;
    block-size: 44px;
    padding: 2px;
    border: 1px solid var(--gs-border);
    border-radius: var(--gs-radius-sm);
    background: var(--gs-body-background);
    cursor: pointer;
  }
`;
