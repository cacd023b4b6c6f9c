import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { ErrorPanel } from './ErrorPanel.tsx';

// spec §2: the texts of the api key failure panel.
const TITLE = 'WHOOPS!';
const MESSAGE = 'Apologies! Our service is currently experiencing technical difficulties. Please refresh the page';

describe('ErrorPanel', () => {
  it('alerts with its title and message and runs the action', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const { container } = renderThemed(<ErrorPanel fullScreen title={TITLE} message={MESSAGE} actionLabel="Reload page" onAction={onAction} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(TITLE);
    expect(alert).toHaveTextContent(MESSAGE);
    expect(screen.getByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows a disabled action with the hint read alongside it', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    renderThemed(<ErrorPanel title={TITLE} message={MESSAGE} actionLabel="Reload page" onAction={onAction} actionDisabled actionHint="Available in 60 s" />);
    const button = screen.getByRole('button', { name: 'Reload page' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Available in 60 s');
    await user.click(button);
    expect(onAction).not.toHaveBeenCalled();
  });

  it('has no button without an action', () => {
    renderThemed(<ErrorPanel title={TITLE} message={MESSAGE} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: TITLE })).toBeInTheDocument();
  });
});
