import { useTranslation } from '@grandstand/i18n';
import { visuallyHidden } from '@grandstand/ui';
import { lazy, Suspense, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { VOD_PATHS } from '../paths.ts';
import type { SuggestionsControl } from './suggestionsControl.ts';

// The results' code and calls: a chunk of its own, loaded on the first focus or keystroke.
const SearchSuggestions = lazy(async () => ({ default: (await import('./SearchSuggestions.tsx')).SearchSuggestions }));

/**
 * The site header's search box: the only part of the search every page carries. It is a plain
 * search form (Enter opens `/search?q=`); once focused or typed into, it loads the suggestions
 * (results as you type, grouped by kind in a listbox the arrows move through).
 */
export function HeaderSearch() {
  const { t } = useTranslation('vod');
  const navigate = useNavigate();
  const inputId = useId();
  const listboxId = useId();
  const [query, setQuery] = useState('');
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  // The suggestions chunk answers the keys it knows (arrows, Enter on an option, Escape).
  const control = useRef<SuggestionsControl | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const words = query.trim();
    if (!words) return;
    setOpen(false);
    void navigate(VOD_PATHS.search(words));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (control.current?.onKeyDown(event)) return;
    if (event.key === 'ArrowDown' && !open && query.trim()) {
      event.preventDefault();
      setOpen(true);
      return;
    }
    if (event.key === 'Escape' && query) {
      event.preventDefault();
      setQuery('');
    }
  };

  return (
    <Form role="search" aria-label={t('search.label')} action="/search" onSubmit={onSubmit}>
      <Label htmlFor={inputId}>{t('search.label')}</Label>
      <Input
        id={inputId}
        type="search"
        name="q"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-activedescendant={open && activeId ? activeId : undefined}
        placeholder={t('search.placeholder')}
        maxLength={100}
        value={query}
        onFocus={() => {
          setWanted(true);
          if (query.trim()) setOpen(true);
        }}
        onChange={(event) => {
          setWanted(true);
          setQuery(event.target.value);
          setOpen(event.target.value.trim() !== '');
        }}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          // A click on a suggestion keeps it open until the link has been followed.
          if (!event.currentTarget.form?.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
      />
      <Icon viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
        <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </Icon>
      {wanted && (
        <Suspense fallback={null}>
          <SearchSuggestions
            query={query}
            open={open}
            listboxId={listboxId}
            control={control}
            onActiveChange={setActiveId}
            onClose={() => setOpen(false)}
            onChosen={() => {
              setOpen(false);
              setQuery('');
            }}
          />
        </Suspense>
      )}
    </Form>
  );
}

/**
 * A round magnifier in the header's row until used: focused or holding words, the box opens
 * leftwards over the row (absolutely placed), so a channel's menu never wraps to make room for it.
 */
const Form = styled.form`
  position: relative;
  flex: none;
  width: 2.5rem;
  height: 2.5rem;
`;

const Icon = styled.svg`
  position: absolute;
  z-index: ${({ theme }) => theme.zIndex.menu + 1};
  top: 0;
  right: 0;
  width: 2.5rem;
  height: 2.5rem;
  padding: 0.625rem;
  color: var(--gs-header-text-color);
  pointer-events: none;

  form:focus-within > &,
  input:not(:placeholder-shown) ~ & {
    display: none;

    ${({ theme }) => theme.media.md} {
      display: block;
    }
  }
`;

const Label = styled.label`
  ${visuallyHidden}
`;

// Open on a phone: the screen's width over the header row (the box sits mid-row, so growing
// leftwards from it would leave the screen); wider, it grows leftwards from its place.
// Closed, the box shows only the magnifier: no words, no placeholder, no clear button.
const Input = styled.input`
  position: absolute;
  z-index: var(--gs-z-menu);
  top: 0;
  right: 0;
  box-sizing: border-box;
  width: 2.5rem;
  height: 2.5rem;
  padding: var(--gs-space-xs) 2.5rem var(--gs-space-xs) var(--gs-space-sm);
  cursor: pointer;
  transition: width var(--gs-motion-fast) ease-out;

  &:focus,
  &:not(:placeholder-shown) {
    position: fixed;
    top: 0.625rem;
    left: var(--gs-space-md);
    right: var(--gs-space-md);
    width: auto;
    cursor: text;

    ${({ theme }) => theme.media.md} {
      position: absolute;
      top: 0;
      right: 0;
      left: auto;
      width: min(20rem, calc(100vw - 2rem));
    }
  }
  &:not(:focus):placeholder-shown::placeholder {
    color: transparent;
  }
  &::-webkit-search-cancel-button {
    display: none;
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
  border: 1px solid var(--gs-header-text-color-50);
  border-radius: var(--gs-radius-pill);
  background: var(--gs-header-background);
  color: var(--gs-header-text-color);
  font: inherit;

  &:focus::placeholder {
    color: var(--gs-header-text-color);
    opacity: 0.8;
  }
  &:focus-visible {
    outline: 3px solid var(--gs-header-focus-ring);
    outline-offset: 2px;
  }
`;
