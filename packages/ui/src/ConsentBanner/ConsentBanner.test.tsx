import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { laurentides } from '../test/palettes.ts';
import { ConsentBanner } from './ConsentBanner.tsx';

const MESSAGE = 'We count visits and viewing to improve the site.';

describe('ConsentBanner', () => {
  it('offers Accept and Decline side by side and reports the answer', async () => {
    const user = userEvent.setup();
    const onAccept = vi.fn();
    const onDecline = vi.fn();
    const { container } = renderThemed(<ConsentBanner kind="choice" label="Privacy" message={MESSAGE} acceptLabel="Accept" declineLabel="Decline" onAccept={onAccept} onDecline={onDecline} />);
    const banner = screen.getByRole('region', { name: 'Privacy' });
    expect(banner).toHaveTextContent(MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onDecline).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAccept).toHaveBeenCalledOnce();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('as a notice has one button that closes it (never a refusal), and takes no focus', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    const { container } = renderThemed(<ConsentBanner kind="notice" label="Privacy" message={MESSAGE} acceptLabel="Got it" onAccept={onDismiss} declineLabel="Decline" onDecline={vi.fn()} />, laurentides);
    expect(document.activeElement).toBe(document.body);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(onDismiss).toHaveBeenCalledOnce();
    expect(await axe(container)).toHaveNoViolations();
  });
});
