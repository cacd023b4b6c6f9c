import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Spinner } from '../Loader/Spinner.tsx';
import { useLinkComponent } from '../Link/LinkProvider.tsx';
import { StyledButton, StyledButtonLink, type ButtonSize, type ButtonVariant } from './Button.styles.ts';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner beside the label and blocks further presses; the label stays for screen readers. */
  loading?: boolean;
}

export function Button({ variant = 'primary', size = 'md', loading = false, disabled, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <StyledButton
      {...rest}
      type={type}
      $variant={variant}
      $size={size}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner />}
      {children}
    </StyledButton>
  );
}

export interface ButtonLinkProps {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Leaves the site (a provider's login, a payment page): a plain anchor, never the site's link component. */
  external?: boolean;
}

/** A link that looks like a button: navigation stays a link for assistive technology. Renders through `LinkProvider`. */
export function ButtonLink({ href, children, variant = 'primary', size = 'md', className, external = false }: ButtonLinkProps) {
  const siteLink = useLinkComponent();
  const linkComponent = external ? 'a' : siteLink;
  return (
    <StyledButtonLink as={linkComponent} href={href} className={className} $variant={variant} $size={size}>
      {children}
    </StyledButtonLink>
  );
}
