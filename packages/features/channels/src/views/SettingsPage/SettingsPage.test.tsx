import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { channelSettings, settingsApi } from '../../test/fixtures.ts';
import { renderChannels } from '../../test/renderChannels.tsx';

describe('SettingsPage', () => {
  it('shows each setting with the platform’s default beside an empty one, and saves them by keyboard', async () => {
    const user = userEvent.setup();
    const { routes, sent } = settingsApi();
    const { container } = await renderChannels({ routes, route: '/settings' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const maxClips = await screen.findByRole('textbox', { name: 'Clips a viewer keeps at once' });
    expect(maxClips).toHaveValue('50');
    const seconds = screen.getByRole('textbox', { name: 'Seconds a viewer clips in 24 hours' });
    expect(seconds).toHaveValue('');
    expect(seconds).toHaveAccessibleDescription('Empty: the platform’s default, 600.');
    expect(screen.getByRole('group', { name: 'Viewer clips' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Lower qualities for slow connections' })).not.toBeChecked();
    expect(await axe(container)).toHaveNoViolations();

    // Keyboard only: into the first field, through the form, and submitted with Enter.
    await user.click(maxClips);
    await user.clear(maxClips);
    await user.type(maxClips, '8');
    await user.tab();
    expect(seconds).toHaveFocus();
    await user.type(seconds, '900');
    const lifetime = screen.getByRole('textbox', { name: 'Lifetime of a stream address (seconds)' });
    await user.type(lifetime, '60');
    screen.getByRole('checkbox', { name: 'Lower qualities for slow connections' }).focus();
    await user.keyboard(' ');
    screen.getByRole('checkbox', { name: 'Link devices on the channel’s own site' }).focus();
    await user.keyboard(' ');
    await user.type(screen.getByRole('textbox', { name: /Address of the device linking page/ }), 'https://link.example.com/device{Enter}');

    expect(await screen.findByText('The settings are saved. Viewers’ next requests follow them.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toMatchObject({
      clips: { max_clips: 8, seconds_per_day: 900, downloads_per_day: 20, storage_quota_mb: null, public_paid_shares: false, shares_per_event: 5 },
      stream: { token_lifetime_seconds: 60 },
      live: { ladder: true },
      devices: { remote_auth: true, remote_auth_url: 'https://link.example.com/device' },
    });
  });

  it('names a bad value before sending, then the one the server refuses', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { routes, sent } = settingsApi();
    const put = routes['PUT /console/channel/settings']!;
    await renderChannels({
      routes: {
        ...routes,
        'PUT /console/channel/settings': (request) => (refuse ? { status: 400, json: { message: 'clips.storage_quota_mb: must be at most 1048576', field: 'clips.storage_quota_mb', code: 'INVALID' } } : put(request)),
      },
      route: '/settings',
    });
    const lifetime = await screen.findByRole('textbox', { name: 'Lifetime of a stream address (seconds)' });
    await user.type(lifetime, '5');
    await user.click(screen.getByRole('checkbox', { name: 'Link devices on the channel’s own site' }));
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    await waitFor(() => expect(lifetime).toHaveFocus());
    expect(lifetime).toHaveAccessibleDescription(/Enter a whole number from 30 to 3600./);
    expect(screen.getByRole('textbox', { name: /Address of the device linking page/ })).toHaveAccessibleDescription(/Enter the address where viewers link their devices./);
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need your attention.');
    expect(sent).toHaveLength(0);

    await user.clear(lifetime);
    await user.click(screen.getByRole('checkbox', { name: 'Link devices on the channel’s own site' }));
    const quota = screen.getByRole('textbox', { name: 'Disk for the channel’s clips (MiB)' });
    await user.type(quota, '4096');
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    await waitFor(() => expect(quota).toHaveFocus());
    expect(quota).toHaveAccessibleDescription(/must be at most 1048576/);
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(await screen.findByText('The settings are saved. Viewers’ next requests follow them.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toMatchObject({ clips: { storage_quota_mb: 4096 }, stream: { token_lifetime_seconds: null }, devices: { remote_auth: false, remote_auth_url: null } });
  });

  it('turns device linking off (no code for a TV, no "Watch on your TV"), and on again', async () => {
    const user = userEvent.setup();
    const { routes, sent } = settingsApi();
    const { container } = await renderChannels({ routes, route: '/settings' });
    const linking = await screen.findByRole('checkbox', { name: 'Viewers may link a TV with a code' });
    expect(linking).toBeChecked();
    expect(linking).toHaveAccessibleDescription(/no “Watch on your TV” on the watch page/);
    await user.click(linking);
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(await screen.findByText('The settings are saved. Viewers’ next requests follow them.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toMatchObject({ devices: { enabled: false } });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('keeps a channel without clips from sending clip settings', async () => {
    const user = userEvent.setup();
    const { routes, sent } = settingsApi(channelSettings({ clips_enabled: false }));
    await renderChannels({ routes, route: '/settings' });
    expect(await screen.findByText('This channel offers no viewer clips: these settings apply once it does.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Viewer clips' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(await screen.findByText('The settings are saved. Viewers’ next requests follow them.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).not.toHaveProperty('clips');
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { routes } = settingsApi();
    const get = routes['GET /console/channel/settings']!;
    await renderChannels({ routes: { ...routes, 'GET /console/channel/settings': (request) => (fail ? { status: 500, json: { message: 'down', field: 'request', code: 'INTERNAL' } } : get(request)) }, route: '/settings' });
    expect(await screen.findByText('The settings could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Clips a viewer keeps at once' })).toHaveValue('50');
  });

  it('blocks regions: the countries typed are sent in capitals, named once saved, and a bad code is named before sending', async () => {
    const user = userEvent.setup();
    const { routes, sent } = settingsApi();
    await renderChannels({ routes, route: '/settings' });
    const countries = await screen.findByRole('textbox', { name: 'Blocked countries' });
    expect(countries).toHaveValue('');
    expect(countries).toHaveAccessibleDescription('Two-letter country codes, separated by commas, like CA, FR. Empty: every country may watch.');
    await user.type(countries, 'ca, France');
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(await screen.findByText('Enter two-letter country codes separated by commas, like CA, FR.')).toBeInTheDocument();
    await waitFor(() => expect(countries).toHaveFocus());
    expect(sent).toHaveLength(0);
    await user.clear(countries);
    await user.type(countries, 'ca, fr{Enter}');
    expect(await screen.findByText('The settings are saved. Viewers’ next requests follow them.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toMatchObject({ geo: { blocked_countries: ['CA', 'FR'] } });
    expect(countries).toHaveValue('CA, FR');
    expect(await screen.findByText('Blocked now: Canada, France')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    const { routes } = settingsApi();
    const { container } = await renderChannels({ routes, route: '/settings', language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Réglages' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Extraits qu’un spectateur garde à la fois' })).toHaveValue('50');
    expect(screen.getByRole('button', { name: 'Enregistrer les réglages' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });
});
