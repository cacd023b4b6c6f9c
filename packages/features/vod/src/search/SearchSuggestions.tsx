import type { VodSearchResults } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { useEffect, useId, useImperativeHandle, useState, type KeyboardEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import styled, { css } from 'styled-components';
import { eventTitle } from '../library/display.ts';
import { VOD_PATHS } from '../paths.ts';
import { useLazySearchVodQuery } from '../vodApi.ts';
import type { SuggestionsControl } from './suggestionsControl.ts';
import { useDebounced } from './useDebounced.ts';

/** How long the words must rest before they are searched. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Suggestions per kind; the full page shows more. */
export const SUGGESTIONS_PER_GROUP = 5;

type Group = keyof VodSearchResults;
const GROUPS: readonly Group[] = ['videos', 'events', 'teams', 'schools'];

interface Option {
  id: string;
  label: string;
  href: string;
}

export interface SearchSuggestionsProps {
  query: string;
  open: boolean;
  listboxId: string;
  control: RefObject<SuggestionsControl | null>;
  onActiveChange: (optionId: string | null) => void;
  onClose: () => void;
  onChosen: () => void;
}

/**
 * The header search's results as you type (a lazy chunk): the words are searched once they rest
 * 250 ms, a search overtaken by newer words is cancelled, and the answer shows grouped by kind
 * (videos, games, teams, schools) in a listbox, with "See all results" last. Arrow keys move
 * through the options (the box keeps focus, `aria-activedescendant`), Enter opens one, Escape closes.
 */
export function SearchSuggestions({ query, open, listboxId, control, onActiveChange, onClose, onChosen }: SearchSuggestionsProps) {
  const { t } = useTranslation(['vod', 'common']);
  const navigate = useNavigate();
  const prefix = useId();
  const words = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const [search, { data, isError, isFetching, originalArgs }] = useLazySearchVodQuery();
  const [activeId, setActiveId] = useState<string | null>(null);

  useEffect(() => {
    if (!words) return;
    const request = search({ title: words, limit: SUGGESTIONS_PER_GROUP, offset: 0 }, true);
    // Newer words (or leaving the page) supersede this search: cancel it if still on its way.
    return () => request.abort();
  }, [words, search]);

  // What shows belongs to the words searched last: an answer for older words is not shown.
  const current = data && originalArgs?.title === words ? data.data : null;
  const groups = GROUPS.map((group) => ({ group, options: current ? optionsOf(group, current, prefix, (away, home) => t('common:matchup', { away, home })) : [] })).filter(({ options }) => options.length > 0);
  const seeAll: Option | null = query.trim() ? { id: `${prefix}-all`, label: t('vod:search.seeAll', { query: query.trim() }), href: VOD_PATHS.search(query.trim()) } : null;
  const options = [...groups.flatMap(({ options: list }) => list), ...(seeAll ? [seeAll] : [])];

  // The option chosen by the arrows, while it is still offered (a new answer may drop it).
  const active = options.findIndex((option) => option.id === activeId);
  const activeOption = open && active >= 0 ? options[active] : undefined;
  useEffect(() => onActiveChange(activeOption?.id ?? null), [activeOption?.id, onActiveChange]);

  const choose = (option: Option) => {
    onChosen();
    void navigate(option.href);
  };

  useImperativeHandle(control, () => ({
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (!open) return false;
      switch (event.key) {
        case 'ArrowDown':
          event.preventDefault();
          setActiveId(options[active + 1 >= options.length ? 0 : active + 1]?.id ?? null);
          return true;
        case 'ArrowUp':
          event.preventDefault();
          setActiveId(options[active <= 0 ? options.length - 1 : active - 1]?.id ?? null);
          return true;
        case 'Enter':
          if (!activeOption) return false;
          event.preventDefault();
          choose(activeOption);
          return true;
        case 'Escape':
          event.preventDefault();
          setActiveId(null);
          onClose();
          return true;
        default:
          return false;
      }
    },
  }));

  const waiting = Boolean(words) && !current && !isError;
  const settling = query.trim() !== words || isFetching;
  return (
    <Popover hidden={!open}>
      <Status role="status">
        {open && waiting ? t('vod:search.loading') : ''}
        {open && isError && !settling ? t('vod:search.failed') : ''}
        {open && current && groups.length === 0 && !settling ? t('vod:search.none', { query: words }) : ''}
      </Status>
      <List id={listboxId} role="listbox" aria-label={t('vod:search.results')}>
        {groups.map(({ group, options: list }) => (
          <div key={group} role="group" aria-labelledby={`${prefix}-${group}`}>
            <GroupTitle id={`${prefix}-${group}`} role="presentation">
              {t(`vod:search.groups.${group}`)}
            </GroupTitle>
            {list.map((option) => (
              <OptionRow key={option.id} option={option} active={option === activeOption} onChoose={choose} />
            ))}
          </div>
        ))}
        {seeAll && <OptionRow option={seeAll} active={seeAll === activeOption} onChoose={choose} />}
      </List>
    </Popover>
  );
}

function OptionRow({ option, active, onChoose }: { option: Option; active: boolean; onChoose: (option: Option) => void }) {
  return (
    <Item
      id={option.id}
      role="option"
      aria-selected={active}
      $active={active}
      // The box keeps focus (its listbox is driven by aria-activedescendant).
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(option)}
    >
      {option.label}
    </Item>
  );
}

function optionsOf(group: Group, results: VodSearchResults, prefix: string, matchup: (away: string, home: string) => string): Option[] {
  switch (group) {
    case 'videos':
      return results.videos.map((item) => ({ id: `${prefix}-video-${item.id}`, label: item.title, href: VOD_PATHS.item(item.id) }));
    case 'events':
      return results.events.map((event) => ({
        id: `${prefix}-event-${event.id}`,
        label: eventTitle(event, matchup),
        href: VOD_PATHS.event(event.id),
      }));
    case 'teams':
      return results.teams.map((team) => ({ id: `${prefix}-team-${team.id}`, label: team.name, href: VOD_PATHS.team(team) }));
    case 'schools':
      return results.schools.map((school) => ({ id: `${prefix}-school-${school.id}`, label: school.name, href: VOD_PATHS.school(school) }));
  }
}

/** Under the box; on a phone, the screen's width under the header (the box sits mid-row there). */
const Popover = styled.div`
  position: fixed;
  z-index: 20;
  top: 3.75rem;
  right: var(--gs-space-md);
  left: var(--gs-space-md);

  ${({ theme }) => theme.media.md} {
    position: absolute;
    top: calc(100% + var(--gs-space-xs));
    right: 0;
    left: auto;
    width: min(24rem, 90vw);
  }
  max-height: 70vh;
  overflow: auto;
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
  box-shadow: var(--gs-shadow-lg);

  &[hidden] {
    display: none;
  }
`;

const Status = styled.p`
  margin: 0;
  padding: 0 var(--gs-space-sm);
  color: var(--gs-surface-text);
  font-size: var(--gs-font-size-sm);

  &:not(:empty) {
    padding: var(--gs-space-sm);
  }
`;

const List = styled.div`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const GroupTitle = styled.div`
  padding: var(--gs-space-xs) var(--gs-space-sm);
  font-size: var(--gs-font-size-xs);
  font-weight: 700;
  text-transform: uppercase;
`;


const Item = styled.div<{ $active: boolean }>`
  padding: var(--gs-space-xs) var(--gs-space-sm);
  cursor: pointer;
  overflow-wrap: anywhere;
  ${({ $active, theme }) =>
    $active &&
    css`
      outline: 2px solid ${theme.colors.focusRing};
      outline-offset: -2px;
      background: ${theme.colors.bodyTextColor10};
    `}

  &:hover {
    background: var(--gs-body-text-color-10);
  }
`;
