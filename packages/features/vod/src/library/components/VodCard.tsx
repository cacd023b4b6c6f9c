import type { VodMediaItem } from '@grandstand/contract';
import { formatDate, useTranslation } from '@grandstand/i18n';
import { EventCard, usePrefersReducedMotion } from '@grandstand/ui';
import { useState } from 'react';
import { VOD_PATHS } from '../../paths.ts';
import { formatDuration, itemDay, posterOf, previewOf } from '../display.ts';
import { DurationChip, LockBadge, Preview } from './VodCard.styles.ts';

export interface VodCardProps {
  item: VodMediaItem;
  /** Fill the grid cell (the list); in a rail the card takes spec §9's 280–380 px itself. */
  fluid?: boolean;
  headingLevel?: 2 | 3 | 4;
}

/**
 * React sets a video's `muted` as a property, never as the attribute. The attribute says the preview
 * is silent to what reads the markup: axe's rule on autoplaying sound waited up to 10 s for an
 * unmuted preview's media before judging it.
 */
const markMuted = (video: HTMLVideoElement | null) => video?.setAttribute('muted', '');

/**
 * spec §3 and §9: an on-demand item as ui's card (its poster, title, date, duration and category,
 * and a lock when the viewer may not watch it), one link to `/vod_library?vod_id=`. Hovering or
 * focusing it plays its silent preview over the poster, unless the viewer prefers reduced motion.
 */
export function VodCard({ item, fluid = false, headingLevel = 3 }: VodCardProps) {
  const { t, i18n } = useTranslation('vodLibrary');
  // Unknown (a server render): no preview plays until the browser says motion is welcome.
  const reducedMotion = usePrefersReducedMotion(true);
  const [active, setActive] = useState(false);
  const preview = previewOf(item);
  const playing = active && preview !== null && !reducedMotion;
  const duration = formatDuration(item.duration);
  const lock = item.has_access ? null : item.access === 'registered' ? t('card.lockedLogin') : t('card.lockedPass');

  return (
    <EventCard
      title={item.title}
      href={VOD_PATHS.item(item.id)}
      picture={posterOf(item)}
      sizes="380px"
      headingLevel={headingLevel}
      width={fluid ? 'fluid' : 'rail'}
      onActiveChange={setActive}
      {...(lock ? { titleSuffix: ` (${lock})` } : {})}
      overlay={
        <>
          {playing && <Preview ref={markMuted} src={preview} muted autoPlay loop playsInline aria-hidden="true" data-preview="playing" />}
          {lock && (
            <LockBadge>
              {/* Drawn, not an emoji: a TV's browser often has no emoji font and showed a box. */}
              <svg aria-hidden="true" focusable="false" width="12" height="12" viewBox="0 0 12 12">
                <rect x="2" y="5.5" width="8" height="6" rx="1" fill="currentColor" />
                <path d="M4 5.5V4a2 2 0 0 1 4 0v1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
              </svg>
              {t('card.locked')}
            </LockBadge>
          )}
          <DurationChip aria-hidden="true">{duration}</DurationChip>
        </>
      }
      meta={
        <>
          <time dateTime={item.date}>{formatDate(itemDay(item.date), i18n.language, { dateStyle: 'medium', timeZone: 'UTC' })}</time>
          <span>{t('card.duration', { duration })}</span>
          {item.category && <span>{item.category.name}</span>}
        </>
      }
    />
  );
}
