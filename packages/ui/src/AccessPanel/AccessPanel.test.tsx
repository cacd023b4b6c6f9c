import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { AccessPanel } from './AccessPanel.tsx';

describe('AccessPanel', () => {
  it('is a region named by its heading, with why and the ways in as links', async () => {
    const { container } = renderThemed(
      <AccessPanel
        title="Watch this event"
        message="Buy this event or a pass that covers it."
        actions={[
          { href: '/select-package/7', label: 'Buy event' },
          { href: '/login?event_id=7', label: 'Log in', variant: 'secondary' },
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Watch this event' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Watch this event' })).toBeVisible();
    expect(within(region).getByText('Buy this event or a pass that covers it.')).toBeVisible();
    const links = within(region).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Buy event', '/select-package/7'],
      ['Log in', '/login?event_id=7'],
    ]);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says only its message where there is no way in, its heading still heard', async () => {
    const { container } = renderThemed(<AccessPanel title="Watch this event" message="This event is not available in your region." titleHidden />);
    const region = screen.getByRole('region', { name: 'Watch this event' });
    expect(within(region).queryByRole('link')).toBeNull();
    expect(within(region).queryByRole('list')).toBeNull();
    expect(within(region).getByRole('heading', { name: 'Watch this event' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });
});
