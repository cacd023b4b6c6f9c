import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { Checkbox, Select, TextArea, TextField } from './FormField.tsx';

describe('TextField', () => {
  it('is found by its label and takes typing', async () => {
    const user = userEvent.setup();
    const { container } = renderThemed(<TextField label="Email" type="email" hint="We never share it." required />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('We never share it.');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.type(input, 'fan@example.org');
    expect(input).toHaveValue('fan@example.org');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('marks an error and reads it with the field', async () => {
    const { container } = renderThemed(<TextField label="Email" error="A valid email address is required" hint="We never share it." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('We never share it. A valid email address is required');
    expect(screen.getByText('A valid email address is required')).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('TextArea', () => {
  it('takes several lines and carries its error', async () => {
    const user = userEvent.setup();
    const { container } = renderThemed(<TextArea label="Message" error="Field is required" />);
    const area = screen.getByRole('textbox', { name: 'Message' });
    await user.type(area, 'Line one{Enter}Line two');
    expect(area).toHaveValue('Line one\nLine two');
    expect(area).toHaveAccessibleDescription('Field is required');
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('Select', () => {
  it('offers its options and takes a choice', async () => {
    const user = userEvent.setup();
    const { container } = renderThemed(
      <Select
        label="Sport"
        placeholder="Choose a sport"
        options={[
          { value: 'hockey', label: 'Hockey' },
          { value: 'soccer', label: 'Soccer' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Sport' });
    await user.selectOptions(select, 'Soccer');
    expect(select).toHaveValue('soccer');
    expect(screen.getByRole('option', { name: 'Choose a sport' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('Checkbox', () => {
  it('toggles by its label, which may contain a link', async () => {
    const user = userEvent.setup();
    const { container } = renderThemed(
      <Checkbox
        required
        label={
          <>
            I accept the <a href="/terms">terms &amp; conditions</a>
          </>
        }
        error="Please accept terms & conditions"
      />,
    );
    const box = screen.getByRole('checkbox', { name: /I accept the terms & conditions/ });
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription('Please accept terms & conditions');
    await user.click(screen.getByText(/I accept the/));
    expect(box).toBeChecked();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
    expect(await axe(container)).toHaveNoViolations();
  });
});
