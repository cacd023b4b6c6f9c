import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LinkProvider } from '../Link/LinkProvider.tsx';
import type { LinkComponentProps } from '../shared/link.ts';
import { renderThemed } from '../test/render.tsx';
import { Button, ButtonLink } from './Button.tsx';

describe('Button', () => {
  it('runs its action on click and from the keyboard', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { container } = renderThemed(<Button onClick={onClick}>Buy pass</Button>);
    const button = screen.getByRole('button', { name: 'Buy pass' });
    await user.click(button);
    await user.tab();
    await user.tab({ shift: true });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
    expect(button).toHaveAttribute('type', 'button');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('while loading keeps its label, says it is busy and ignores presses', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderThemed(
      <Button loading onClick={onClick}>
        Paying
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Paying' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('submits a form when asked to', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    renderThemed(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" variant="secondary" size="lg">
          Send
        </Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});

describe('ButtonLink', () => {
  it('is a link to its address, by default a plain anchor', async () => {
    const { container } = renderThemed(<ButtonLink href="/packages">See packages</ButtonLink>);
    expect(screen.getByRole('link', { name: 'See packages' })).toHaveAttribute('href', '/packages');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('renders through the site router link from the link provider', () => {
    function RouterLink({ href, children, className }: LinkComponentProps) {
      return (
        <a href={href} className={className} data-router="yes">
          {children}
        </a>
      );
    }
    renderThemed(
      <LinkProvider component={RouterLink}>
        <ButtonLink href="/buy" variant="ghost">
          Buy
        </ButtonLink>
      </LinkProvider>,
    );
    const link = screen.getByRole('link', { name: 'Buy' });
    expect(link).toHaveAttribute('data-router', 'yes');
    // The styling reaches the router link through className.
    expect(link.className).not.toBe('');
  });

  it('leaves the site through a plain anchor when external, whatever the provider', () => {
    function RouterLink({ href, children, className }: LinkComponentProps) {
      return (
        <a href={href} className={className} data-router="yes">
          {children}
        </a>
      );
    }
    renderThemed(
      <LinkProvider component={RouterLink}>
        <ButtonLink external href="/api/auth/login/google" variant="secondary">
          Continue with Google
        </ButtonLink>
      </LinkProvider>,
    );
    expect(screen.getByRole('link', { name: 'Continue with Google' })).not.toHaveAttribute('data-router');
  });
});
