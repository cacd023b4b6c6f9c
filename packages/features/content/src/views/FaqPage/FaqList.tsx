import type { FaqItem } from '@grandstand/contract';
import { useId, useState } from 'react';
import { SanitizedHtml } from '../../shared/SanitizedHtml.tsx';
import { Answer, Entry, List, Question, Toggle } from './FaqList.styles.ts';

export interface FaqListProps {
  items: readonly FaqItem[];
  /** The heading level of each question, under the page's h1 by default. */
  headingLevel?: 2 | 3;
}

/**
 * The FAQ as a disclosure list (WAI-ARIA accordion pattern): each question is a heading holding a
 * button that shows or hides its answer. Several answers may be open at once.
 */
export function FaqList({ items, headingLevel = 2 }: FaqListProps) {
  const sorted = [...items].sort((a, b) => a.position - b.position || a.id - b.id);
  return (
    <List>
      {sorted.map((item) => (
        <FaqEntry key={item.id} item={item} headingLevel={headingLevel} />
      ))}
    </List>
  );
}

function FaqEntry({ item, headingLevel }: { item: FaqItem; headingLevel: 2 | 3 }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <Entry>
      <Question as={`h${headingLevel}`}>
        <Toggle type="button" aria-expanded={open} aria-controls={answerId} onClick={() => setOpen((value) => !value)}>
          {item.question}
        </Toggle>
      </Question>
      <Answer id={answerId} hidden={!open}>
        <SanitizedHtml html={item.answer} />
      </Answer>
    </Entry>
  );
}
