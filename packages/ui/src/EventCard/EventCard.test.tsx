import { axe } from '@grandstand/vitest-config/axe';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LinkProvider } from '../Link/LinkProvider.tsx';
import type { LinkComponentProps } from '../shared/link.ts';
import type { PictureData } from '../Picture/Picture.tsx';
import { laurentides, northfield } from '../test/palettes.ts';
import { ChannelThemeProvider } from '../theme/ChannelThemeProvider.tsx';
import { renderThemed } from '../test/render.tsx';
import { EventCard, EventCardSkeleton } from './EventCard.tsx';

const poster: PictureData = {
  kind: 'poster',
  src: '/media/13/poster-640.jpg',
  srcset: '/media/13/poster-320.jpg 320w, /media/13/poster-640.jpg 640w',
  sources: [{ type: 'image/webp', srcset: '/media/13/poster-320.webp 320w, /media/13/poster-640.webp 640w' }],
  width: 1280,
  height: 720,
};
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

  it('paints its teams’ colours and shows its date when there is no picture, and ignores values that are not colours', () => {
    const { container, unmount } = renderThemed(
      <EventCard title="Eagles @ Lions" href="/watch/12" dateTime={dateTime} colors={['#c8102e', '#002d72']} />,
    );
    const visual = container.querySelector('[data-picture="missing"]')!.parentElement!;
    expect(getComputedStyle(visual).background).toContain('linear-gradient');
    expect(visual).toHaveTextContent('Nov21');
    // No style attribute: the site's content security policy would drop it from server-rendered markup.
    expect(container.querySelector('[style]')).toBeNull();
    unmount();
    const other = renderThemed(<EventCard title="Final" href="/watch/13" dateTime={dateTime} colors={['red; background: url(x)', null]} />);
    const plain = other.container.querySelector('[data-picture="missing"]')!.parentElement!;
    expect(getComputedStyle(plain).background).not.toContain('url(x)');
    expect(getComputedStyle(plain).background).not.toContain('linear-gradient');
  });

  it('shows the event picture, decorative, when there is one', async () => {
    const { container } = renderThemed(<EventCard title="Final" href="/watch/13" dateTime={dateTime} imageSrc="/img/final.jpg" layout="list" headingLevel={2} />, laurentides);
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
    expect(screen.getByRole('heading', { level: 2, name: 'Final' })).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('draws a poster with its variants, lazily, and the first cards of a page at once', () => {
    const { container, rerender } = renderThemed(<EventCard title="Final" href="/watch/13" dateTime={dateTime} picture={poster} />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/media/13/poster-640.jpg');
    expect(img).toHaveAttribute('srcset', poster.srcset!);
    expect(img).toHaveAttribute('sizes', '(min-width: 480px) 380px, 90vw');
    expect(img).toHaveAttribute('width', '1280');
    expect(img).toHaveAttribute('height', '720');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(container.querySelector('source')).toHaveAttribute('type', 'image/webp');
    expect(container.querySelector('[data-picture]')).toHaveAttribute('data-picture', 'poster');
    rerender(
      <ChannelThemeProvider colors={northfield}>
        <EventCard title="Final" href="/watch/13" dateTime={dateTime} picture={poster} priority />
      </ChannelThemeProvider>,
    );
    expect(container.querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(container.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
  });

  it('puts the LIVE badge over a live thumbnail', () => {
    const { container } = renderThemed(
      <EventCard title="Final" href="/watch/13" dateTime={dateTime} liveLabel="Live" picture={{ ...poster, kind: 'live' }} />,
    );
    const visual = container.querySelector('[data-picture="live"]')!.parentElement!;
    expect(within(visual).getByText('Live')).toBeVisible();
  });

  it('keeps its box and shows the date when the picture fails to load', () => {
    const { container } = renderThemed(<EventCard title="Final" href="/watch/13" dateTime={dateTime} picture={{ ...poster, kind: 'upcoming' }} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-picture="missing"]')).toHaveTextContent('Nov21');
  });

  it('is an on-demand item’s card: facts in place of the date, what lies over the picture, a suffix heard after the title', async () => {
    const onActiveChange = vi.fn();
    const { container } = renderThemed(
      <EventCard
        title="Season review"
        href="/vod_library?vod_id=5"
        picture={poster}
        width="rail"
        titleSuffix=" (Log in to watch)"
        overlay={<span data-testid="chip">12:04</span>}
        meta={
          <>
            <time dateTime="2025-11-21">Nov 21, 2025</time>
            <span>12 min</span>
          </>
        }
        onActiveChange={onActiveChange}
      />,
    );
    const link = screen.getByRole('link', { name: 'Season review (Log in to watch)' });
    expect(link).toHaveAttribute('href', '/vod_library?vod_id=5');
    const card = screen.getByRole('article');
    expect(within(card).getByText('Nov 21, 2025')).toBeVisible();
    expect(within(card).getByTestId('chip')).toBeInTheDocument();
    // No date row, no badge row, no details row: the facts say it.
    expect(card.querySelector('time:not([datetime="2025-11-21"])')).toBeNull();
    expect(getComputedStyle(card).minWidth).toBe('280px');
    expect(getComputedStyle(card).maxWidth).toBe('380px');
    fireEvent.mouseEnter(card);
    fireEvent.mouseLeave(card);
    fireEvent.focus(link);
    expect(onActiveChange.mock.calls).toEqual([[true], [false], [true]]);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('has a skeleton with the same rows, hidden from assistive technology', () => {
    const { container } = renderThemed(<EventCardSkeleton />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('[style]')).toBeNull();
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
