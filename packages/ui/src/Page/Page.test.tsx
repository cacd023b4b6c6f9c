import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { PageTitle } from '../PageTitle/PageTitle.tsx';
import { Page } from './Page.tsx';
import { PAGE_WIDTHS } from './Page.styles.ts';

describe('Page', () => {
  it('centres its column at the named width, with the theme’s page padding and gap', async () => {
    const { container } = renderThemed(
      <main>
        <Page width="narrow" gap="md" as="section" aria-labelledby="title" data-testid="page">
          <PageTitle id="title">Log in</PageTitle>
          <p>Welcome back.</p>
        </Page>
      </main>,
    );
    const page = screen.getByTestId('page');
    expect(page.tagName).toBe('SECTION');
    expect(screen.getByRole('region', { name: 'Log in' })).toBe(page);
    // jsdom resolves rem against its 16 px root. The padding and the gap are the theme's CSS
    // variables, which jsdom does not resolve: the story (Layout/Page, Narrow) checks them in Chromium.
    expect(page).toHaveStyle({ maxWidth: '448px', marginLeft: 'auto', marginRight: 'auto', display: 'grid' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('is a plain block without a gap, so running text keeps its margins', () => {
    renderThemed(
      <Page width="reading" as="article" data-testid="page">
        <p>About us</p>
      </Page>,
    );
    const page = screen.getByTestId('page');
    expect(page.tagName).toBe('ARTICLE');
    expect(page).not.toHaveStyle({ display: 'grid' });
  });

  it('has one width per kind of page', () => {
    expect(PAGE_WIDTHS).toEqual({ narrow: '28rem', medium: '36rem', reading: '72ch', wide: '60rem', full: '80rem' });
  });
});
