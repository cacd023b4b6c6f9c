import type { ReactNode } from 'react';
import { Badge } from '../Badge/Badge.tsx';
import { useLinkComponent } from '../Link/LinkProvider.tsx';
import { Badges, CardBody, CardDetails, CardLink, CardRoot, CardTime, CardTitle, CardVisual, DateChip, HiddenText } from './EventCard.styles.ts';

/** The parts of an event's date, already formatted in the event's time zone (spec §3). */
export interface EventCardDateTime {
  month: string;
  day: string;
  /** 12-hour time: "7:30 PM". */
  time: string;
  /** Zone abbreviation: "CST". */
  zone: string;
  /** One line for screen readers: "Nov 21, 2025, 7:30 PM CST". */
  full: string;
}

export interface EventCardProps {
  /** "Away @ Home" or the event's name, already composed by the site. */
  title: string;
  /** Where the card leads (the watch page). */
  href: string;
  dateTime: EventCardDateTime;
  /** The instant as an ISO string for the `<time>` element. */
  isoDate?: string;
  /** Shown as a LIVE badge when set (the translated word). */
  liveLabel?: string;
  /** Access: "Free", "Register", "$9.99". */
  priceLabel?: string;
  imageSrc?: string | null;
  /** Team colours painting the picture when there is none (away then home); any invalid colour is ignored. */
  colors?: readonly (string | null | undefined)[];
  /** Links under the title (teams, sport, school); they stay clickable above the card's own link. */
  details?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** `grid`: picture above the text; `list`: picture beside it. */
  layout?: 'grid' | 'list';
}

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A picture for an event without one: its teams' colours side by side. */
function placeholderBackground(colors: readonly (string | null | undefined)[]): string | undefined {
  const valid = colors.filter((color): color is string => typeof color === 'string' && COLOUR.test(color));
  const [first, second] = valid;
  if (!first) return undefined;
  return second ? `linear-gradient(135deg, ${first} 0 50%, ${second} 50% 100%)` : first;
}

/**
 * An event in a rail or a listing. The whole card is one link (its title's, stretched over the
 * card), so a screen reader hears the title once; detail links sit above it and stay separate.
 * Links render through `LinkProvider`.
 */
export function EventCard({
  title,
  href,
  dateTime,
  isoDate,
  liveLabel,
  priceLabel,
  imageSrc,
  colors = [],
  details,
  headingLevel = 3,
  layout = 'grid',
}: EventCardProps) {
  const linkComponent = useLinkComponent();
  const background = imageSrc ? undefined : placeholderBackground(colors);
  return (
    <CardRoot $layout={layout}>
      <CardVisual aria-hidden="true" $layout={layout} style={background ? { background } : undefined} data-placeholder={imageSrc ? undefined : 'true'}>
        {imageSrc ? (
          <img src={imageSrc} alt="" loading="lazy" />
        ) : (
          <DateChip>
            <span>{dateTime.month}</span>
            <strong>{dateTime.day}</strong>
          </DateChip>
        )}
      </CardVisual>
      <CardBody>
        {(liveLabel || priceLabel) && (
          <Badges>
            {liveLabel && <Badge tone="live">{liveLabel}</Badge>}
            {priceLabel && <Badge tone="neutral">{priceLabel}</Badge>}
          </Badges>
        )}
        <CardTitle as={`h${headingLevel}`}>
          <CardLink as={linkComponent} href={href}>
            {title}
          </CardLink>
        </CardTitle>
        <CardTime dateTime={isoDate}>
          <span aria-hidden="true">
            {dateTime.month} {dateTime.day} · {dateTime.time} {dateTime.zone}
          </span>
          <HiddenText>{dateTime.full}</HiddenText>
        </CardTime>
        {details && <CardDetails>{details}</CardDetails>}
      </CardBody>
    </CardRoot>
  );
}
