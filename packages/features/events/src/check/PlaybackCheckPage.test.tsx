import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/renderRoute.tsx';
import { checkRoutes } from './routes.ts';

describe('the playback check page (spec §2 /simulate)', () => {
  it('says what it does before it starts, in French too, and leads to the FAQ', async () => {
    const { container } = await renderRoute('/simulate', { extraRoutes: checkRoutes, language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Testez votre appareil' })).toBeInTheDocument();
    expect(screen.getByText(/un court flux d’essai joue dans le même lecteur que les matchs/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lancer le test' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'D’autres réponses dans la FAQ' })).toHaveAttribute('href', '/faq');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('plays the test stream in the site’s own player while it checks', async () => {
    const user = userEvent.setup();
    await renderRoute('/simulate', { extraRoutes: checkRoutes });
    await user.click(await screen.findByRole('button', { name: 'Start the check' }));
    expect(screen.getByText('Checking… the test stream plays for about 12 seconds.')).toHaveAttribute('role', 'status');
    // The player's code is its own chunk: on a busy machine it arrives after the default second.
    // jsdom cannot play, so the player's error may end the run (and unmount it) straight after:
    // the region found is the proof, and its video element is read from it, detached or not.
    const player = await screen.findByRole('region', { name: 'Playback check test stream' }, { timeout: 10_000 });
    expect(player.querySelector('video')).not.toBeNull();
  });
});
