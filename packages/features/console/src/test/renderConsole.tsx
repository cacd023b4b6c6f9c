// jest-dom's matchers are registered by the dom preset at run time; this gives tsc their types.
/// <reference types="@testing-library/jest-dom/vitest" />
import { renderWithProviders } from '@grandstand/test-kit';
import type { RenderWithProvidersOptions } from '@grandstand/test-kit';
import type { ReactNode } from 'react';
import { consoleNamespace } from '../namespace.ts';
import { createConsoleRoutes } from '../routes.tsx';
import type { ConsoleSection } from '../section.ts';
import { ConsoleChannelContext } from '../shared/operator.tsx';

export interface RenderConsoleOptions extends Pick<RenderWithProvidersOptions, 'routes' | 'route' | 'language'> {
  /** Sections another feature brings, as the app passes them. */
  sections?: ConsoleSection[];
}

const channel = { slug: 'northfield', name: 'Northfield Sports' };
const WithChannel = ({ children }: { children: ReactNode }) => <ConsoleChannelContext value={channel}>{children}</ConsoleChannelContext>;

/** The console's routes as apps/console mounts them (under its basename), over the fake console API. */
export function renderConsole({ sections, ...options }: RenderConsoleOptions = {}) {
  return renderWithProviders(createConsoleRoutes(sections), {
    ...options,
    namespaces: [consoleNamespace],
    visitorKey: true,
    wrapper: WithChannel,
  });
}
