import styled from 'styled-components';

export const SegmentedRoot = styled.div`
  display: inline-flex;
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  overflow: hidden;
`;

/** The whole segment is the label, so a click anywhere on it chooses it. */
export const Segment = styled.label`
  position: relative;
  display: inline-flex;

  & + & {
    border-left: 1px solid var(--gs-border);
  }
`;

/** The radio covers its segment invisibly: it keeps focus and keyboard behaviour. */
export const SegmentInput = styled.input`
  position: absolute;
  inset: 0;
  margin: 0;
  opacity: 0;
  cursor: pointer;
`;

export const SegmentLabel = styled.span`
  display: inline-flex;
  align-items: center;
  gap: var(--gs-space-xs);
  min-height: 2.25rem;
  padding: var(--gs-space-xs) var(--gs-space-md);
  font-size: var(--gs-font-size-sm);
  font-weight: var(--gs-font-weight-medium);
  background: var(--gs-body-background);
  color: var(--gs-body-text-color);
  pointer-events: none;

  input:checked + & {
    background: var(--gs-secondary-color);
    color: var(--gs-secondary-contrast);
  }
  input:focus-visible + & {
    outline: 3px solid var(--gs-focus-ring);
    outline-offset: -3px;
  }
`;
