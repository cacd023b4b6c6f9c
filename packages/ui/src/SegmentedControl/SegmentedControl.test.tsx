import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { SegmentedControl } from './SegmentedControl.tsx';

const layouts = [
  { value: 'grid', label: 'Grid' },
  { value: 'list', label: 'List' },
] as const;

function Layout({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState<'grid' | 'list'>('grid');
  return (
    <SegmentedControl
      label="Layout"
      options={layouts}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('SegmentedControl', () => {
  it('is a named radio group whose choice moves by click and by arrow keys', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = renderThemed(<Layout onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Layout' });
    expect(group).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Grid' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'List' }));
    expect(screen.getByRole('radio', { name: 'List' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('list');

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Grid' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Grid' })).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('grid');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('keeps each choice named when only icons show', async () => {
    const { container } = renderThemed(
      <SegmentedControl
        label="View"
        iconsOnly
        options={[
          { value: 'card', label: 'Cards', icon: '▦' },
          { value: 'table', label: 'Table', icon: '☰' },
        ]}
        value="table"
        onChange={() => undefined}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Table' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Cards' })).not.toBeChecked();
    expect(await axe(container)).toHaveNoViolations();
  });
});
