import { favouritesNamespace } from '@grandstand/favourites';
import { vodNamespace } from '@grandstand/vod';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSite } from '../test/renderSite.tsx';
import { Layout } from './Layout.tsx';

// The server's own throttle answer (core/rateLimit): 429, its message, and Retry-After.
const throttled = (seconds: string) => () => ({ status: 429, json: { message: 'Too many attempts. Please wait a minute and try again.' }, headers: { 'retry-after': seconds } });

describe('a throttled call, wherever it happens (spec §8)', () => {
  it('tells the viewer when to try again, in a toast', async () => {
    await renderSite(
      <Layout>
        <p>The page</p>
      </Layout>,
      { namespaces: [vodNamespace, favouritesNamespace], routes: { 'GET /menu': throttled('42') } },
    );
    expect(await screen.findByText('Too many requests. Please try again in 42 s.')).toBeInTheDocument();
  });

  it('in the viewer’s language', async () => {
    await renderSite(
      <Layout>
        <p>La page</p>
      </Layout>,
      { namespaces: [vodNamespace, favouritesNamespace], language: 'fr', routes: { 'GET /pages': throttled('600') } },
    );
    expect(await screen.findByText('Trop de requêtes. Veuillez réessayer dans 10 min.')).toBeInTheDocument();
  });
});
