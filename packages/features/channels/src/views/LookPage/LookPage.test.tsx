import { axe } from '@grandstand/vitest-config/axe';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channelLook, lookApi } from '../../test/fixtures.ts';
import { renderChannels } from '../../test/renderChannels.tsx';

const preview = () => screen.getByTestId('look-preview');
const previewVar = (name: string) => preview().style.getPropertyValue(name);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LookPage', () => {
  it('shows the saved look, each colour as a picker and as text, and the viewer’s page in it', async () => {
    const { routes } = lookApi();
    const { container } = await renderChannels({ routes });

    expect(await screen.findByRole('heading', { level: 1, name: 'Look' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Channel name' })).toHaveValue('Northfield Schools Network');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Live and on-demand high-school sports from the Northfield district.');
    const colours = screen.getByRole('group', { name: 'Colours' });
    expect(within(colours).getByRole('textbox', { name: 'Primary colour' })).toHaveValue('#f2a900');
    expect(within(colours).getByLabelText('Primary colour: colour picker')).toHaveValue('#f2a900');
    expect(within(colours).getAllByRole('textbox')).toHaveLength(8);
    const firstFrame = screen.getByRole('group', { name: 'Colours of the first frame' });
    expect(within(firstFrame).getByRole('textbox', { name: 'First frame: Header background' })).toHaveValue('#0b1f3a');

    const figure = screen.getByRole('figure', { name: 'Preview of the viewer’s page in these colours' });
    expect(within(figure).getByText('Northfield Schools Network')).toBeInTheDocument();
    expect(previewVar('--gs-primary-color')).toBe('#f2a900');
    expect(previewVar('--gs-header-background')).toBe('#0b1f3a');
    // The control room keeps its own colours: the edited theme is on the frame only.
    expect(document.documentElement.style.getPropertyValue('--gs-primary-color')).not.toBe('#f2a900');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('repaints the preview as the owner types, before anything is saved', async () => {
    const user = userEvent.setup();
    const { routes, sent } = lookApi();
    await renderChannels({ routes });
    const primary = await screen.findByRole('textbox', { name: 'Primary colour' });

    await user.clear(primary);
    await user.type(primary, '#c8102e');
    expect(previewVar('--gs-primary-color')).toBe('#c8102e');
    // White reads on that red: the site's own theme picks the text colour the preview shows.
    expect(previewVar('--gs-primary-contrast')).toBe('#ffffff');

    // The picker and the text are one colour: choosing in one sets the other.
    fireEvent.input(screen.getByLabelText('Header background: colour picker'), { target: { value: '#ffffff' } });
    expect(screen.getByRole('textbox', { name: 'Header background' })).toHaveValue('#ffffff');
    expect(previewVar('--gs-header-background')).toBe('#ffffff');
    expect(screen.getByLabelText('Primary colour: colour picker')).toHaveValue('#c8102e');

    await user.clear(screen.getByRole('textbox', { name: 'Channel name' }));
    await user.type(screen.getByRole('textbox', { name: 'Channel name' }), 'Northfield Sports');
    expect(within(preview()).getByText('Northfield Sports')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('keeps the saved colour in the preview while one is half typed, and names the field that is not a colour', async () => {
    const user = userEvent.setup();
    const { routes, sent } = lookApi();
    const { container } = await renderChannels({ routes });
    const secondary = await screen.findByRole('textbox', { name: 'Secondary colour' });

    await user.clear(secondary);
    await user.type(secondary, '#12');
    expect(previewVar('--gs-secondary-color')).toBe('#1d4e89');
    await user.click(screen.getByRole('button', { name: 'Save the look' }));
    expect(secondary).toHaveAccessibleDescription('Enter a colour as # and six hexadecimal digits, like #1d4e89.');
    expect(secondary).toHaveAttribute('aria-invalid', 'true');
    expect(secondary).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need your attention.');
    expect(sent).toHaveLength(0);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('saves the look, and shows a refusal on the colour the server names', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { routes, sent } = lookApi();
    const put = routes['PUT /console/channel/look']!;
    await renderChannels({
      routes: {
        ...routes,
        'PUT /console/channel/look': (request) =>
          refuse ? { status: 400, json: { message: 'colors.primary-color must be a colour like #1a2b3c', field: 'colors.primary-color', code: 'INVALID' } } : put(request),
      },
    });
    const primary = await screen.findByRole('textbox', { name: 'Primary colour' });
    await user.clear(primary);
    await user.type(primary, '#C8102E');

    await user.click(screen.getByRole('button', { name: 'Save the look' }));
    await waitFor(() => expect(primary).toHaveAccessibleDescription('colors.primary-color must be a colour like #1a2b3c'));
    expect(primary).toHaveFocus();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save the look' }));
    expect(await screen.findByText('The look is saved. Viewers see it on their next page.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toMatchObject({
      name: 'Northfield Schools Network',
      description: 'Live and on-demand high-school sports from the Northfield district.',
      colors: { 'primary-color': '#c8102e', 'secondary-color': '#1d4e89' },
      fallback_colors: { 'primary-color': '#f2a900' },
    });

    // The first frame's colours follow the theme's in one press.
    await user.click(screen.getByRole('button', { name: 'Use the colours above' }));
    expect(screen.getByRole('textbox', { name: 'First frame: Primary colour' })).toHaveValue('#C8102E');
  });

  it('uploads a logo as the picture itself, and says what it refuses before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const look = channelLook();
    const { routes } = lookApi(look);
    const upload = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      look.logo_url = '/channel-logo.svg?v=2';
      return new Response(JSON.stringify({ logo_url: look.logo_url }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const { container } = await renderChannels({ routes });
    const file = await screen.findByLabelText('Logo file');
    expect(screen.getByText('No logo yet: the header shows the channel’s name.')).toBeInTheDocument();

    await user.upload(file, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    await user.click(screen.getByRole('button', { name: 'Upload the logo' }));
    expect(file).toHaveAccessibleDescription('Choose an SVG, PNG or JPEG file.');
    await user.upload(file, new File([new Uint8Array(300 * 1024)], 'big.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload the logo' }));
    expect(file).toHaveAccessibleDescription('This file is larger than 256 KB.');
    expect(upload).not.toHaveBeenCalled();

    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>N</title></svg>'], 'logo.svg', { type: 'image/svg+xml' });
    await user.upload(file, svg);
    await user.click(screen.getByRole('button', { name: 'Upload the logo' }));
    expect(await screen.findByText('The new logo is saved.')).toBeInTheDocument();
    const [url, init] = upload.mock.calls[0]!;
    expect(url).toBe('/api/console/channel/logo');
    expect(init).toMatchObject({ method: 'PUT', body: svg, headers: { 'content-type': 'image/svg+xml' } });
    expect(await screen.findByRole('img', { name: 'Current logo' })).toHaveAttribute('src', '/channel-logo.svg?v=2');
    expect(within(preview()).getByRole('img', { name: 'Northfield Schools Network' })).toHaveAttribute('src', '/channel-logo.svg?v=2');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows the server’s refusal of a logo', async () => {
    const user = userEvent.setup();
    const { routes } = lookApi();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'The SVG has a script.', field: 'logo', code: 'logo_refused' }), { status: 400, headers: { 'content-type': 'application/json' } }),
    );
    await renderChannels({ routes });
    const file = await screen.findByLabelText('Logo file');
    await user.upload(file, new File(['<svg><script>alert(1)</script></svg>'], 'logo.svg', { type: 'image/svg+xml' }));
    await user.click(screen.getByRole('button', { name: 'Upload the logo' }));
    await waitFor(() => expect(file).toHaveAccessibleDescription('Choose an SVG, PNG or JPEG picture of 256 KB at most, without scripts.'));
  });

  it('speaks French', async () => {
    const { routes } = lookApi();
    const { container } = await renderChannels({ routes, language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Apparence' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Couleur principale' })).toHaveValue('#f2a900');
    expect(screen.getByLabelText('Couleur principale : sélecteur de couleur')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer l’apparence' })).toBeInTheDocument();
    expect(within(preview()).getByText('EN DIRECT')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });
});
