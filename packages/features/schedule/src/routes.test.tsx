import { renderWithProviders } from '@grandstand/test-kit';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scheduleSection } from './routes.tsx';
import { consoleEvent, scheduleApi } from './test/fixtures.ts';

describe('scheduleSection', () => {
  it('is the events section for owners, producers and support, with no screen for analysts', () => {
    expect(scheduleSection.path).toBe('events');
    expect(scheduleSection.roles).toEqual(['owner', 'producer', 'support']);
  });

  it('names its navigation entry with its own texts, which it hands the console to register', async () => {
    const { Label, namespace } = scheduleSection;
    await renderWithProviders(<Label />, { language: 'fr', namespaces: [namespace] });
    expect(await screen.findByText('Événements')).toBeInTheDocument();
  });

  it('mounts its pages under its path, with the operator’s role around them', async () => {
    const { Wrapper, children, namespace } = scheduleSection;
    await renderWithProviders([{ path: 'events', children: children.map((route) => ({ ...route, element: <Wrapper role="owner">{route.element}</Wrapper> })) }], {
      route: '/events',
      routes: scheduleApi([consoleEvent()]).routes,
      namespaces: [namespace],
    });
    expect(await screen.findByRole('button', { name: 'Cancel Lakeside Otters @ Northfield Falcons' })).toBeInTheDocument();
  });
});
