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

const Form = styled.form`
  position: relative;
  width: min(20rem, 100%);
`;

const Label = styled.label`
  ${visuallyHidden}
`;

const Input = styled.input`
  width: 100%;
  min-height: 2.5rem;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.headerTextColor50};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.headerBackground};
  color: ${({ theme }) => theme.colors.headerTextColor};
  font: inherit;

  &::placeholder {
    color: ${({ theme }) => theme.colors.headerTextColor};
    opacity: 0.8;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.headerFocusRing};
    outline-offset: 2px;
  }
`;
