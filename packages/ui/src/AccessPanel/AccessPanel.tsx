import { useId } from 'react';
import { ButtonLink } from '../Button/Button.tsx';
import { Actions, Panel, Title } from './AccessPanel.styles.ts';

/** One way in: a link styled as a button (register, log in, buy). */
export interface AccessAction {
  href: string;
  label: string;
  /** `secondary` for the way of viewers who already have access (log in); default `primary`. */
  variant?: 'primary' | 'secondary';
}

export interface AccessPanelProps {
  /** The region's heading and name ("Watch this event"). */
  title: string;
  /** Why the viewer cannot watch, and what to do about it. */
  message: string;
  /** The ways in, in order; none where there is no way (a blocked region). */
  actions?: readonly AccessAction[];
  /** Heard but not shown: the message alone says it (a blocked region). */
  titleHidden?: boolean;
  headingLevel?: 2 | 3;
}

/**
 * spec §2, §6: what stands between a viewer and a stream, in the player's place: a heading, why,
 * and the ways in (register, log in, buy a pass). Events, on-demand items and clips compose it with
 * their own texts and links.
 */
export function AccessPanel({ title, message, actions = [], titleHidden = false, headingLevel = 2 }: AccessPanelProps) {
  const titleId = useId();
  return (
    <Panel role="region" aria-labelledby={titleId}>
      <Title as={`h${headingLevel}`} id={titleId} $hidden={titleHidden}>
        {title}
      </Title>
      <p>{message}</p>
      {actions.length > 0 && (
        <Actions>
          {actions.map((action) => (
            <li key={action.href + action.label}>
              <ButtonLink href={action.href} variant={action.variant ?? 'primary'}>
                {action.label}
              </ButtonLink>
            </li>
          ))}
        </Actions>
      )}
    </Panel>
  );
}
