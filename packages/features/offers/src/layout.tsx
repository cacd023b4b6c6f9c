import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

/** The form beside its preview on a wide screen; the preview under the form on a phone. */
export const FormGrid = styled.div`
  display: grid;
  gap: var(--gs-space-lg);
  align-items: start;
  grid-template-columns: minmax(0, 1fr);

  @media (min-width: 60rem) {
    grid-template-columns: minmax(0, 3fr) minmax(16rem, 2fr);
  }
`;

/** The preview's column: it stays in view while the form scrolls on a wide screen. */
export const Wide = styled.div`
  display: grid;
  gap: var(--gs-space-sm);

  @media (min-width: 60rem) {
    position: sticky;
    top: var(--gs-space-md);
  }
`;

/** Where the preview card sits: as wide as a card of the site's offer lists. */
export const PreviewFrame = styled.div`
  max-width: 22rem;
`;

const Fieldset = styled.fieldset`
  margin: 0;
  padding: var(--gs-space-sm) var(--gs-space-md);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  display: grid;
  gap: var(--gs-space-xxs);

  legend {
    padding: 0 var(--gs-space-xxs);
    font-weight: 600;
  }
`;

/** Many choices (teams) scroll inside the box rather than push the form down a screen. */
const Choices = styled.div`
  display: grid;
  gap: 0 var(--gs-space-md);
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  max-height: 16rem;
  overflow-y: auto;
`;

const Problem = styled.p`
  margin: 0;
  color: var(--gs-danger);
  font-weight: 600;
`;

/**
 * Checkboxes under a legend (the group's name for screen readers), with the group's error named
 * in the group's description. `name` is the field a refusal names: its first box takes the focus.
 */
export function ChoiceList({ legend, error, name, children }: { legend: string; error?: string | undefined; name: string; children: ReactNode }) {
  const errorId = useId();
  return (
    <Fieldset aria-describedby={error ? errorId : undefined} data-field={name}>
      <legend>{legend}</legend>
      {error && <Problem id={errorId}>{error}</Problem>}
      <Choices>{children}</Choices>
    </Fieldset>
  );
}
