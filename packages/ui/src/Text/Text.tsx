import type { ComponentPropsWithRef, ReactNode } from 'react';
import { SectionTitleRoot, TextRoot, type TextSize, type TextTone } from './Text.styles.ts';

export interface TextProps extends Omit<ComponentPropsWithRef<'p'>, 'children'> {
  /** `muted`: secondary text (hints, captions) in the theme's muted colour, still AA-readable. */
  tone?: TextTone;
  /** The theme's font size; the surrounding size when unset. */
  size?: TextSize;
  /** Bold, e.g. a price. */
  bold?: boolean;
  as?: 'p' | 'span' | 'div';
  children?: ReactNode;
}

/** A paragraph without margins of its own (its stack spaces it), in body or muted tone. */
export function Text({ tone = 'default', size, bold = false, as = 'p', children, ...rest }: TextProps) {
  return (
    <TextRoot {...rest} as={as} $tone={tone} $size={size} $bold={bold}>
      {children}
    </TextRoot>
  );
}

export interface SectionTitleProps extends Omit<ComponentPropsWithRef<'h2'>, 'children'> {
  /** The heading level: `h2` under the page title by default, `h3` inside a card. */
  as?: 'h2' | 'h3';
  children: ReactNode;
}

/** A section's heading under the page's `PageTitle`, at the theme's section size, without margins. */
export function SectionTitle({ as = 'h2', children, ...rest }: SectionTitleProps) {
  return (
    <SectionTitleRoot {...rest} as={as}>
      {children}
    </SectionTitleRoot>
  );
}
