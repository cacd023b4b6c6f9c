import type { EventCategory, EventLocation, ParticipantGroupProperty } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, Checkbox, Select } from '@grandstand/ui';
import type { SelectOption } from '@grandstand/ui';
import styled from 'styled-components';
import { FollowSlot } from '../extensions.tsx';
import type { FollowControlProps } from '../extensions.tsx';

/**
 * spec §3: the filter keys a viewer picks from lists, and the venue (query key `location`, a venue
 * of spec §7 /events-locations, by id).
 */
export const FILTER_KEYS = ['gender', 'sport', 'city', 'state', 'location'] as const;
/** spec §3: query keys that arrive from links (a school, a team) and can only be removed. */
export const LINK_KEYS = ['school', 'team'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type LinkKey = (typeof LINK_KEYS)[number];
export type FilterValues = Partial<Record<FilterKey | LinkKey, string>>;

export interface FilterBarProps {
  values: FilterValues;
  properties: readonly ParticipantGroupProperty[];
  categories: readonly EventCategory[];
  /** The channel's venues (spec §7 /events-locations): the venue filter's list. */
  locations?: readonly EventLocation[];
  /** What a school or team value is called on screen (a name rather than an alias). */
  describe?: (key: LinkKey, value: string) => string;
  onChange: (key: FilterKey | LinkKey, value: string | undefined) => void;
  onClear: () => void;
  /** The lists are still loading: every filter holds its place (disabled) so the page does not move when they arrive. */
  loading?: boolean;
  /**
   * The team, school and sport the chips and the sport list stand for, when known: each gets the
   * site's follow control beside it. Left out for one that a heading already shows with its control.
   */
  follow?: Partial<Record<'school' | 'team' | 'sport', Omit<FollowControlProps, 'size'>>>;
  /**
   * The "My teams" filter, for a logged-in viewer: the listing shows only the games of the teams,
   * schools and sports they follow. The other filters do not combine with it: they are disabled
   * while it is on, and say why.
   */
  mine?: { active: boolean; onChange: (active: boolean) => void };
}

const GENDERS = ['M', 'W', 'not_identified'] as const;

function sportOptions(categories: readonly EventCategory[], properties: readonly string[]): SelectOption[] {
  const options: SelectOption[] = [];
  const walk = (items: readonly EventCategory[], depth: number) => {
    for (const category of items) {
      // Nested sports are indented with no-break spaces: a select shows no other structure.
      options.push({ value: category.alias ?? category.name, label: `${'\u00a0\u00a0'.repeat(depth)}${category.name}` });
      walk(category.children, depth + 1);
    }
  };
  walk(categories, 0);
  const known = new Set(options.flatMap((option) => [option.value.toLowerCase(), option.label.trim().toLowerCase()]));
  for (const value of properties) if (!known.has(value.toLowerCase())) options.push({ value, label: value });
  return options;
}

/** A venue as a viewer tells it from another: its name, and its city when it has one. */
function venueLabel(location: EventLocation): string {
  return location.city ? `${location.name} (${location.city})` : location.name;
}

/**
 * The listing's filters (spec §3): gender shown Men/Women, sport from the categories tree and the
 * group properties, city and state from the group properties, the venue from the channel's venues;
 * school and team as removable chips.
 */
export function FilterBar({
  values,
  properties,
  categories,
  locations = [],
  describe = (_key, value) => value,
  onChange,
  onClear,
  loading = false,
  follow = {},
  mine,
}: FilterBarProps) {
  const { t } = useTranslation('events');
  const valuesOf = (key: FilterKey) => properties.find((property) => property.key === key)?.values ?? [];
  const genderValues = valuesOf('gender').filter((value): value is (typeof GENDERS)[number] => (GENDERS as readonly string[]).includes(value));
  const options: Record<FilterKey, SelectOption[]> = {
    gender: (genderValues.length > 0 ? genderValues : GENDERS.slice(0, 2)).map((value) => ({ value, label: t(`listing.genders.${value}`) })),
    sport: sportOptions(categories, valuesOf('sport')),
    city: valuesOf('city').map((value) => ({ value, label: value })),
    state: valuesOf('state').map((value) => ({ value, label: value })),
    location: [...locations].sort((a, b) => a.name.localeCompare(b.name)).map((location) => ({ value: String(location.id), label: venueLabel(location) })),
  };
  const active = [...FILTER_KEYS, ...LINK_KEYS].some((key) => values[key]);
  // "My teams" lists the viewer's favourites alone: the other filters stay in the URL for later but do not apply.
  const mineOnly = mine?.active === true;

  return (
    <Bar role="search" aria-label={t('listing.filters')}>
      {mine && (
        <Mine>
          {/* The why is the switch's description, so a screen reader hears it with the switch. */}
          <Checkbox
            label={t('listing.mine')}
            checked={mine.active}
            onChange={(event) => mine.onChange(event.target.checked)}
            {...(mineOnly ? { hint: t('listing.mineOnly') } : {})}
          />
        </Mine>
      )}
      {FILTER_KEYS.map((key) => {
        const value = values[key] ?? '';
        // A value from a shared link that the lists do not offer still shows as chosen.
        const list = value && !options[key].some((option) => option.value === value) ? [...options[key], { value, label: value }] : options[key];
        if (list.length === 0 && !loading) return null;
        const select = (
          <Select
            key={key}
            disabled={list.length === 0 || mineOnly}
            label={t(`listing.${key}`)}
            options={list}
            placeholder={t('listing.any')}
            value={value}
            onChange={(event) => onChange(key, event.target.value || undefined)}
          />
        );
        const followed = key === 'sport' && value && !mineOnly ? follow.sport : undefined;
        return followed ? (
          <WithFollow key={key}>
            {select}
            <FollowSlot {...followed} />
          </WithFollow>
        ) : (
          select
        );
      })}
      {LINK_KEYS.map((key) => {
        const value = values[key];
        if (!value) return null;
        const label = t(`listing.${key}`);
        const shown = describe(key, value);
        const followed = mineOnly ? undefined : follow[key];
        return (
          <Chip key={key}>
            {t('listing.activeFilter', { label, value: shown })}
            {followed && <FollowSlot {...followed} />}
            <Button
              size="sm"
              variant="ghost"
              disabled={mineOnly}
              aria-label={t('listing.removeFilter', { label, value: shown })}
              onClick={() => onChange(key, undefined)}
            >
              <span aria-hidden="true">×</span>
            </Button>
          </Chip>
        );
      })}
      {active && !mineOnly && (
        <Button variant="ghost" size="sm" onClick={onClear}>
          {t('listing.clearFilters')}
        </Button>
      )}
    </Bar>
  );
}

/** Two filters a row on a phone (four stacked would fill its first screen), a wrapping row wider. */
const Bar = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  align-items: end;
  gap: var(--gs-space-sm) var(--gs-space-md);

  select {
    width: 100%;
  }

  ${({ theme }) => theme.media.sm} {
    display: flex;
    flex-wrap: wrap;
    gap: var(--gs-space-md);

    & > * {
      min-width: 10rem;
    }
    select {
      width: auto;
    }
  }
`;

const Chip = styled.span`
  display: inline-flex;
  align-items: center;
  gap: var(--gs-space-xs);
  padding: var(--gs-space-xxs) var(--gs-space-xs) var(--gs-space-xxs) var(--gs-space-sm);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-pill);
  font-size: var(--gs-font-size-sm);
`;

/** The "My teams" switch and, while it is on, why the other filters are off; a whole row on a phone. */
const Mine = styled.div`
  grid-column: 1 / -1;
  align-self: center;
`;

/** The chosen sport's list with its follow control beside it. */
const WithFollow = styled.div`
  display: flex;
  align-items: end;
  gap: var(--gs-space-xs);

  & > :first-child {
    flex: 1;
  }
`;
