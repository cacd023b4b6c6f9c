import type { Slide } from '@grandstand/contract';

/** Paths of the browse pages; spec §2 and §3 query keys (school, team, sport). */
export function watchPath(eventId: number): string {
  return `/watch/${eventId}`;
}

/** spec §2: a school narrows the home, by its alias or else its name. */
export function schoolPath(school: { alias: string | null; name: string }): string {
  return `/?${new URLSearchParams({ school: school.alias ?? school.name })}`;
}

export function teamSchedulePath(team: { alias: string | null; name: string }): string {
  return `/schedule?${new URLSearchParams({ team: team.alias ?? team.name })}`;
}

export function sportSchedulePath(sport: { alias: string | null; name: string }): string {
  return `/schedule?${new URLSearchParams({ sport: sport.alias ?? sport.name })}`;
}

export interface SlideTargets {
  groupById: ReadonlyMap<number, { alias: string | null; name: string }>;
  categoryById: ReadonlyMap<number, { alias: string | null; name: string }>;
  teamById: ReadonlyMap<number, { alias: string | null; name: string }>;
}

/** Where a slide leads, by its slidable type and id (spec §3); null when its target is unknown. */
export function slideHref(slide: Slide, targets: SlideTargets): { href: string; external: boolean } | null {
  const id = slide.slidable_id;
  const internal = (href: string | null) => (href ? { href, external: false } : null);
  switch (slide.slidable_type) {
    case 'event':
      return id === null ? null : internal(watchPath(id));
    case 'participant_group': {
      const group = id === null ? undefined : targets.groupById.get(id);
      return internal(group ? schoolPath(group) : null);
    }
    case 'event_category': {
      const category = id === null ? undefined : targets.categoryById.get(id);
      return internal(category ? sportSchedulePath(category) : null);
    }
    case 'participant': {
      const team = id === null ? undefined : targets.teamById.get(id);
      return internal(team ? teamSchedulePath(team) : null);
    }
    case 'vod_media':
      return id === null ? null : internal(`/vod_library?${new URLSearchParams({ vod_id: String(id) })}`);
    case 'link':
      if (!slide.url) return null;
      // A site path stays in the router; anything else leaves the site.
      return { href: slide.url, external: !slide.url.startsWith('/') };
  }
}
