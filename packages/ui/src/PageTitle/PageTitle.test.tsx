import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { PageTitle } from './PageTitle.tsx';

describe('PageTitle', () => {
  it('is the page’s level-one heading at the theme’s title size, without a margin of its own', async () => {
    const { container } = renderThemed(
      <main>
        <PageTitle>Log in</PageTitle>
      </main>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Log in' });
    // The size is the theme's CSS variable, which jsdom does not resolve: the story
    // (Components/PageTitle, Default) checks it in Chromium.
    expect(heading).toHaveStyle({ margin: '0px' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('takes an id, so a region can be labelled by it', () => {
    renderThemed(
      <section aria-labelledby="packages-title">
        <PageTitle id="packages-title">Packages</PageTitle>
      </section>,
    );
    expect(screen.getByRole('region', { name: 'Packages' })).toBeInTheDocument();
  });
});
