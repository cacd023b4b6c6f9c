import type { KeyboardEvent } from 'react';

/** What the lazy suggestions lend the header's box: the keys they answer (true when handled). */
export interface SuggestionsControl {
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => boolean;
}
