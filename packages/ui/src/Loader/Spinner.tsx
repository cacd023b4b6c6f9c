import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

/**
 * A decorative ring; whoever shows it also says in words what is happening. A still, dashed ring
 * when motion is unwelcome; it still reads as "busy".
 */
export const Spinner = styled.span.attrs({ 'aria-hidden': true })<{ $size?: string }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size ?? '1em'};
  height: ${({ $size }) => $size ?? '1em'};
  border: 0.15em solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
    border-style: dashed;
    border-right-color: currentColor;
  }
`;
