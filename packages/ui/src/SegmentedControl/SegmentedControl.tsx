import { useId, type ReactNode } from 'react';
import { Segment, SegmentInput, SegmentLabel, SegmentedRoot } from './SegmentedControl.styles.ts';

export interface SegmentedOption<V extends string = string> {
  value: V;
  label: string;
  /** A small picture beside the label, hidden from screen readers (the label names it). */
  icon?: ReactNode;
}

export interface SegmentedControlProps<V extends string = string> {
  /** The group's accessible name ("Layout"). */
  label: string;
  options: readonly SegmentedOption<V>[];
  value: V;
  onChange: (value: V) => void;
  /** Shows only the icons on screen; the labels stay for screen readers. */
  iconsOnly?: boolean;
  className?: string;
}

/**
 * One choice among a few, shown as joined buttons (grid or list, cards or table). Native radio
 * inputs in a radiogroup: arrow keys move the choice, Tab leaves the group, as screen readers expect.
 */
export function SegmentedControl<V extends string>({ label, options, value, onChange, iconsOnly = false, className }: SegmentedControlProps<V>) {
  const name = useId();
  return (
    <SegmentedRoot role="radiogroup" aria-label={label} className={className}>
      {options.map((option) => (
        <Segment key={option.value}>
          <SegmentInput
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            aria-label={iconsOnly ? option.label : undefined}
          />
          <SegmentLabel aria-hidden={iconsOnly || undefined}>
            {option.icon && <span aria-hidden="true">{option.icon}</span>}
            {!iconsOnly && option.label}
          </SegmentLabel>
        </Segment>
      ))}
    </SegmentedRoot>
  );
}
