import { ButtonRow } from '@grandstand/ui';
import styled from 'styled-components';

/** Fields side by side where they fit, tops aligned (a hint under one leaves the others in place), the buttons on a row of their own under them. */
export const FieldRow = styled.form`
  display: grid;
  gap: 0 var(--gs-space-md);
  align-items: start;
  grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));

  & > ${ButtonRow} {
    grid-column: 1 / -1;
  }
`;
