import { axe } from '@grandstand/vitest-config/axe';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { northfield } from '../test/palettes.ts';
import { renderThemed } from '../test/render.tsx';
import { ChannelThemeProvider } from '../theme/ChannelThemeProvider.tsx';
import { Picture, PRIORITY_PICTURE_TIMING, type PictureData } from './Picture.tsx';

const hero: PictureData = {
  kind: 'image',
  src: '/media/slides/finals-1280.jpg',
  srcset: '/media/slides/finals-640.jpg 640w, /media/slides/finals-1280.jpg 1280w',
  sources: [
    { type: 'image/avif', srcset: '/media/slides/finals-640.avif 640w' },
    { type: 'image/webp', srcset: '/media/slides/finals-640.webp 640w' },
  ],
  width: 1280,
  height: 720,
};

describe('Picture', () => {
  it('is a picture with a source per format and a sized, lazy, named image', async () => {
    const { container } = renderThemed(<Picture picture={hero} alt="Finals week" sizes="100vw" />);
    const img = screen.getByRole('img', { name: 'Finals week' });
    expect(img).toHaveAttribute('width', '1280');
    expect(img).toHaveAttribute('height', '720');
    expect(img).toHaveAttribute('srcset', hero.srcset!);
    expect(img).toHaveAttribute('sizes', '100vw');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect(img).not.toHaveAttribute('elementtiming');
    expect(Array.from(container.querySelectorAll('picture > source')).map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    // The box takes its size from the ratio, never from the image.
    expect(container.firstElementChild).toHaveStyle({ aspectRatio: '16 / 9' });
    expect(container.querySelector('[style]')).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('loads the largest paint at once and first, asked for from the head in the format the picture prefers', () => {
    const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
    renderThemed(<Picture picture={{ ...hero, src: '/media/slides/other-1280.jpg' }} alt="" sizes="100vw" />);
    expect(preloads()).toEqual([]);
    renderThemed(<Picture picture={hero} alt="" priority sizes="100vw" />);
    const img = document.querySelector('img[fetchpriority]')!;
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('elementtiming', PRIORITY_PICTURE_TIMING);
    expect(preloads()).toHaveLength(1);
    const [link] = preloads();
    expect(link).toHaveAttribute('type', 'image/avif');
    expect(link).toHaveAttribute('imagesrcset', '/media/slides/finals-640.avif 640w');
    expect(link).toHaveAttribute('imagesizes', '100vw');
    expect(link).toHaveAttribute('fetchpriority', 'high');
  });

  it('keeps its box with the fallback when there is no picture or it breaks', async () => {
    const { container, rerender } = renderThemed(<Picture picture={null} alt="" ratio="4 / 3" fallback="NE" />);
    expect(container.firstElementChild).toHaveAttribute('data-picture', 'missing');
    expect(container.firstElementChild).toHaveStyle({ aspectRatio: '4 / 3' });
    expect(container).toHaveTextContent('NE');
    rerender(
      <ChannelThemeProvider colors={northfield}>
        <Picture picture={{ ...hero, srcset: null, sources: [] }} alt="Finals week" fallback="NE" />
      </ChannelThemeProvider>,
    );
    fireEvent.error(screen.getByRole('img', { name: 'Finals week' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(container).toHaveTextContent('NE');
    expect(await axe(container)).toHaveNoViolations();
  });
});
