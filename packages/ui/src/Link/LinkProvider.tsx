import { createContext, useContext, type ReactNode } from 'react';
import type { LinkComponent } from '../shared/link.ts';

// A plain anchor until the site says otherwise: stories, tests and the first-screen HTML need no router.
const LinkComponentContext = createContext<LinkComponent>('a');

export interface LinkProviderProps {
  /** Renders every link of ui and of the features: the site's router link, adapted to take `href`. */
  component: LinkComponent;
  children?: ReactNode;
}

/**
 * Says once, at the site's root, how links navigate; every `Link`, `ButtonLink`, header, footer
 * and card link below renders through `component`.
 *
 * @example
 * function RouterLink({ href, ...rest }: LinkComponentProps) {
 *   return <Link to={href} {...rest} />; // react-router
 * }
 * <LinkProvider component={RouterLink}><BrowserRouter><Pages /></BrowserRouter></LinkProvider>
 */
export function LinkProvider({ component, children }: LinkProviderProps) {
  return <LinkComponentContext.Provider value={component}>{children}</LinkComponentContext.Provider>;
}

/** The link component in force: the provider's, or `'a'`. For ui components that style it with `as`. */
export function useLinkComponent(): LinkComponent {
  return useContext(LinkComponentContext);
}
