import styled from 'styled-components';

export const SegmentedRoot = styled.div`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
`;

/** The whole segment is the label, so a click anywhere on it chooses it. */
export const Segment = styled.label`
  position: relative;
  display: inline-flex;

  & + & {
    border-left: 1px solid ${({ theme }) => theme.colors.border};
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
  gap: ${({ theme }) => theme.space.xs};
  min-height: 2.25rem;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  font-weight: ${({ theme }) => theme.font.weights.medium};
  background: ${({ theme }) => theme.colors.bodyBackground};
  color: ${({ theme }) => theme.colors.bodyTextColor};
  pointer-events: none;

  input:checked + & {
    background: ${({ theme }) => theme.colors.secondaryColor};
    color: ${({ theme }) => theme.colors.secondaryContrast};
  }
  input:focus-visible + & {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: -3px;
  }
`;
