import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LinkComponentProps } from '../shared/link.ts';
import { renderThemed } from '../test/render.tsx';
import { Link } from './Link.tsx';
import { LinkProvider } from './LinkProvider.tsx';

describe('Link', () => {
  it('is a plain anchor without a provider', async () => {
    const { container } = renderThemed(
      <p>
        <Link href="/packages">See packages</Link>
      </p>,
    );
    const link = screen.getByRole('link', { name: 'See packages' });
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', '/packages');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('navigates through the provider’s component, with the anchor’s other props', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    function RouterLink({ href, onClick, ...rest }: LinkComponentProps) {
      return (
        <a
          href={href}
          {...rest}
          onClick={(event) => {
            onClick?.(event);
            event.preventDefault();
            navigate(href);
          }}
        />
      );
    }
    const clicked = vi.fn();
    renderThemed(
      <LinkProvider component={RouterLink}>
        <Link href="/profile" className="quiet" onClick={clicked}>
          My orders
        </Link>
      </LinkProvider>,
    );
    const link = screen.getByRole('link', { name: 'My orders' });
    expect(link).toHaveClass('quiet');
    await user.click(link);
    expect(navigate).toHaveBeenCalledWith('/profile');
    expect(clicked).toHaveBeenCalledOnce();
  });

  it('leaves the site through a plain anchor when external, whatever the provider', () => {
    function RouterLink(props: LinkComponentProps) {
      return <a {...props} data-router="yes" />;
    }
    renderThemed(
      <LinkProvider component={RouterLink}>
        <Link external href="https://shop.example.org" rel="noopener noreferrer">
          Shop
        </Link>
      </LinkProvider>,
    );
    const link = screen.getByRole('link', { name: 'Shop' });
    expect(link).not.toHaveAttribute('data-router');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
