import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LinkProvider } from '../Link/LinkProvider.tsx';
import type { LinkComponentProps } from '../shared/link.ts';
import { laurentides } from '../test/palettes.ts';
import { renderThemed } from '../test/render.tsx';
import { EventCard } from './EventCard.tsx';

const dateTime = { month: 'Nov', day: '21', time: '7:30 PM', zone: 'CST', full: 'Nov 21, 2025, 7:30 PM CST' };

describe('EventCard', () => {
  it('is one link to the event, titled, with its time, badges and detail links', async () => {
    const { container } = renderThemed(
      <ul>
        <li>
          <EventCard
            title="Eagles @ Lions"
            href="/watch/12"
            dateTime={dateTime}
            isoDate="2025-11-22T01:30:00.000Z"
            liveLabel="Live"
            priceLabel="$9.99"
            colors={['#c8102e', '#002d72']}
            details={<a href="/schedule?sport=hockey">Hockey</a>}
          />
        </li>
      </ul>,
    );
    const card = screen.getByRole('article');
    expect(within(card).getByRole('heading', { level: 3, name: 'Eagles @ Lions' })).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Eagles @ Lions' })).toHaveAttribute('href', '/watch/12');
    expect(within(card).getByRole('link', { name: 'Hockey' })).toHaveAttribute('href', '/schedule?sport=hockey');
    expect(within(card).getByText('Live')).toBeVisible();
    expect(within(card).getByText('$9.99')).toBeVisible();
    // Read once as a sentence; the compact form is for the eye.
    expect(within(card).getByText('Nov 21, 2025, 7:30 PM CST')).toBeInTheDocument();
    expect(card.querySelector('time')).toHaveAttribute('datetime', '2025-11-22T01:30:00.000Z');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('paints its teams’ colours when there is no picture, and ignores values that are not colours', () => {
    const { container, unmount } = renderThemed(
      <EventCard title="Eagles @ Lions" href="/watch/12" dateTime={dateTime} colors={['#c8102e', '#002d72']} />,
    );
    const visual = container.querySelector('[data-placeholder="true"]') as HTMLElement;
    expect(visual.style.background).toContain('linear-gradient');
    unmount();
    const other = renderThemed(<EventCard title="Final" href="/watch/13" dateTime={dateTime} colors={['red; background: url(x)', null]} />);
    expect((other.container.querySelector('[data-placeholder="true"]') as HTMLElement).style.background).toBe('');
  });

  it('shows the event picture, decorative, when there is one', async () => {
    const { container } = renderThemed(<EventCard title="Final" href="/watch/13" dateTime={dateTime} imageSrc="/img/final.jpg" layout="list" headingLevel={2} />, laurentides);
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
    expect(screen.getByRole('heading', { level: 2, name: 'Final' })).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('navigates through the site router link', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    function RouterLink({ href, children, className }: LinkComponentProps) {
      return (
        <a
          href={href}
          className={className}
          onClick={(event) => {
            event.preventDefault();
            navigate(href);
          }}
        >
          {children}
        </a>
      );
    }
    renderThemed(
      <LinkProvider component={RouterLink}>
        <EventCard title="Final" href="/watch/13" dateTime={dateTime} />
      </LinkProvider>,
    );
    await user.click(screen.getByRole('link', { name: 'Final' }));
    expect(navigate).toHaveBeenCalledWith('/watch/13');
  });
});
