import styled from 'styled-components';

/**
 * The picture's box: its size comes from the width it is given and its aspect ratio, never from
 * the image, so nothing around it moves when the image arrives (or never does).
 *
 * Filling a parent, the parent paints what shows before and instead of the image.
 */
export const PictureBox = styled.span<{ $ratio: string; $fill: boolean }>`
  position: relative;
  display: block;
  overflow: hidden;
  ${({ $fill, $ratio }) => ($fill ? 'position: absolute; inset: 0;' : `aspect-ratio: ${$ratio}; width: 100%;`)}
  background: ${({ theme, $fill }) => ($fill ? 'transparent' : theme.colors.bodyTextColor10)};

  picture {
    display: contents;
  }
`;

export const PictureImg = styled.img<{ $fit: 'cover' | 'contain' }>`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: ${({ $fit }) => $fit};
`;

/** What stands in for a missing or broken image: a neutral fill with the initials or the date. */
export const PictureFallback = styled.span`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  color: var(--gs-muted-text);
  font-size: var(--gs-font-size-xl);
  font-weight: var(--gs-font-weight-bold);
  text-transform: uppercase;
`;
