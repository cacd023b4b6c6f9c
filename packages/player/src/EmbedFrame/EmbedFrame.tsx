import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface EmbedFrameProps {
  /** The player's stage, or what stands in its place; a `<title>` may go with it. */
  children: ReactNode;
}

/**
 * The whole page of an embedded player (a live event or a shared clip in another site's iframe):
 * black, the player centred top to bottom whatever the frame's height.
 */
export function EmbedFrame({ children }: EmbedFrameProps) {
  return <Frame>{children}</Frame>;
}

const Frame = styled.div`
  display: grid;
  min-height: 100vh;
  align-content: center;
  background: #000;
`;
