import type { ReactNode } from 'react';
import { Badge } from '../Badge/Badge.tsx';
import { useLinkComponent } from '../Link/LinkProvider.tsx';
import { Picture, type PictureData } from '../Picture/Picture.tsx';
import { Skeleton } from '../Skeleton/Skeleton.tsx';
import {
  Badges,
  CardBody,
  CardDetails,
  CardLink,
  CardMeta,
  CardRoot,
  CardTime,
  CardTitle,
  CardVisual,
  DateChip,
  HiddenText,
  VisualBadge,
  type CardWidth,
} from './EventCard.styles.ts';

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
  /** The event's date and time: the row under the title, and the picture's stand-in. */
  dateTime?: EventCardDateTime;
  /**
   * Facts under the title in place of the date row (an on-demand item's date, length and
   * category); a card with them has no badge or details rows of its own.
   */
  meta?: ReactNode;
  /** Over the picture, in its box (a preview playing on hover, a lock, a duration). */
  overlay?: ReactNode;
  /** Heard after the title, not shown (" (Log in to watch)"). */
  titleSuffix?: string;
  /**
   * `cell`: as wide as its grid cell or rail slot; `rail`: spec §9's 280 to 380 px, growing with
   * the page; `fluid`: its cell's width within those 280 to 380 px.
   */
  width?: CardWidth;
  /** Told when the pointer or the focus enters (true) or leaves (false) the card. */
  onActiveChange?: (active: boolean) => void;
  /** The instant as an ISO string for the `<time>` element. */
  isoDate?: string;
  /** Shown as a LIVE badge when set (the translated word). */
  liveLabel?: string;
  /** Access: "Free", "Register", "$9.99". */
  priceLabel?: string;
  /**
   * The event's picture: a poster frame (on demand), a live thumbnail (the LIVE badge sits over it),
   * an upcoming card or an uploaded image. Without one (or when it fails) the card shows its date
   * on the teams' colours, in the same box.
   */
  picture?: PictureData | null;
  /** An image URL without variants; `picture` wins when both are given. */
  imageSrc?: string | null;
  /** The first cards of the page: their picture is loaded at once (see `Picture`'s `priority`). */
  priority?: boolean;
  /** How wide the picture is drawn; default the rail and grid widths (380 px at most). */
  sizes?: string;
  /** Team colours painting the picture when there is none (away then home); any invalid colour is ignored. */
  colors?: readonly (string | null | undefined)[];
  /** Links under the title (teams, sport, school); they stay clickable above the card's own link. */
  details?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** `grid`: picture above the text; `list`: picture beside it. */
  layout?: 'grid' | 'list';
}

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The colours painting an event without a picture: its teams' side by side (valid ones only). */
function placeholderColors(colors: readonly (string | null | undefined)[]): string[] {
  return colors.filter((color): color is string => typeof color === 'string' && COLOUR.test(color)).slice(0, 2);
}

/** Rails are 280–380 px wide and listing cells at most 380 px. */
const CARD_SIZES = '(min-width: 480px) 380px, 90vw';
const LIST_SIZES = '200px';

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
  picture,
  imageSrc,
  priority = false,
  sizes,
  colors = [],
  details,
  headingLevel = 3,
  layout = 'grid',
  meta,
  overlay,
  titleSuffix,
  width = 'cell',
  onActiveChange,
}: EventCardProps) {
  const linkComponent = useLinkComponent();
  const shown: PictureData | null =
    picture ?? (imageSrc ? { kind: 'image', src: imageSrc, srcset: null, sources: [], width: 1280, height: 720 } : null);
  const [from, to] = placeholderColors(colors);
  // A card of facts (`meta`) has neither the badge row nor the details row a grid card keeps room for.
  const gridRows = layout === 'grid' && meta === undefined;
  const active = onActiveChange && {
    onMouseEnter: () => onActiveChange(true),
    onMouseLeave: () => onActiveChange(false),
    onFocus: () => onActiveChange(true),
    onBlur: () => onActiveChange(false),
  };
  return (
    <CardRoot $layout={layout} $width={width} {...active}>
      <CardVisual $layout={layout} $from={from} $to={to}>
        <Picture
          picture={shown}
          alt=""
          fill
          priority={priority}
          sizes={sizes ?? (layout === 'list' ? LIST_SIZES : CARD_SIZES)}
          fallback={
            dateTime && (
              <DateChip>
                <span>{dateTime.month}</span>
                <strong>{dateTime.day}</strong>
              </DateChip>
            )
          }
        />
        {overlay}
        {liveLabel && (
          <VisualBadge>
            <Badge tone="live">{liveLabel}</Badge>
          </VisualBadge>
        )}
      </CardVisual>
      <CardBody $layout={layout}>
        {(priceLabel || gridRows) && <Badges>{priceLabel && <Badge tone="neutral">{priceLabel}</Badge>}</Badges>}
        <CardTitle as={`h${headingLevel}`}>
          <CardLink as={linkComponent} href={href}>
            {title}
            {titleSuffix && <HiddenText>{titleSuffix}</HiddenText>}
          </CardLink>
        </CardTitle>
        {meta !== undefined ? (
          <CardMeta>{meta}</CardMeta>
        ) : (
          dateTime && (
            <CardTime dateTime={isoDate}>
              <span aria-hidden="true">
                {dateTime.month} {dateTime.day} · {dateTime.time} {dateTime.zone}
              </span>
              <HiddenText>{dateTime.full}</HiddenText>
            </CardTime>
          )
        )}
        {(details || gridRows) && <CardDetails>{details}</CardDetails>}
      </CardBody>
    </CardRoot>
  );
}

export interface EventCardSkeletonProps {
  layout?: 'grid' | 'list';
  className?: string;
}

/**
 * A card's grey stand-in while the events load: the same box, picture and rows as `EventCard`, so
 * the rail or grid is its final height before the data arrives. Hidden from assistive technology:
 * the container says it is loading.
 */
export function EventCardSkeleton({ layout = 'grid', className }: EventCardSkeletonProps) {
  return (
    <CardRoot as="div" $layout={layout} $width="cell" className={className} aria-hidden="true" data-skeleton="true">
      <CardVisual $layout={layout} $neutral>
      </CardVisual>
      <CardBody $layout={layout}>
        <Badges>
          <Skeleton width="3.5rem" height="1.5rem" shape="block" />
        </Badges>
        <CardTitle as="div">
          <Skeleton width="85%" height="1em" />
        </CardTitle>
        <CardTime as="span">
          <Skeleton width="60%" height="1em" />
        </CardTime>
        <CardDetails>
          <Skeleton width="70%" height="1em" />
        </CardDetails>
      </CardBody>
    </CardRoot>
  );
}
