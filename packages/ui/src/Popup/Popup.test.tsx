import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { Popup } from './Popup.tsx';

function Harness({ onOk = () => {}, onCancel = () => {} }: { onOk?: () => void; onCancel?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete clip
      </button>
      <Popup
        open={open}
        title="Delete this clip?"
        message="It cannot be brought back."
        okLabel="Delete"
        cancelLabel="Keep"
        onOk={() => {
          onOk();
          setOpen(false);
        }}
        onCancel={() => {
          onCancel();
          setOpen(false);
        }}
      />
    </>
  );
}

describe('Popup', () => {
  it('opens as a named modal dialog with focus on OK, and OK answers', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    const { baseElement } = renderThemed(<Harness onOk={onOk} />);
    await user.click(screen.getByRole('button', { name: 'Delete clip' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this clip?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('It cannot be brought back.');
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(await axe(baseElement)).toHaveNoViolations();
    await user.keyboard('{Enter}');
    expect(onOk).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete clip' })).toHaveFocus();
  });

  it('cancels on Escape and on the cancel button', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderThemed(<Harness onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Delete clip' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete clip' }));
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderThemed(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Delete clip' }));
    const ok = screen.getByRole('button', { name: 'Delete' });
    const keep = screen.getByRole('button', { name: 'Keep' });
    await user.tab();
    expect(keep).toHaveFocus();
    await user.tab({ shift: true });
    expect(ok).toHaveFocus();
    await user.tab({ shift: true });
    expect(keep).toHaveFocus();
  });

  it('renders nothing while closed', () => {
    renderThemed(<Popup open={false} title="Hidden" okLabel="OK" onOk={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
