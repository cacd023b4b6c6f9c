import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Checkbox, Select, TextArea, TextField } from './FormField.tsx';

const meta = {
  title: 'Components/Form fields',
  component: TextField,
  args: { label: 'Email', type: 'email', hint: 'We never share it.', required: true },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'fan@example.org');
    await expect(input).toHaveValue('fan@example.org');
    await expect(input).toBeRequired();
  },
};

/** spec §5: the texts of the validation messages. */
export const TextWithError: Story = {
  args: { error: 'A valid email address is required', defaultValue: 'fan@' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('We never share it. A valid email address is required');
  },
};

export const Area: Story = {
  render: () => <TextArea label="Message" error="Field is required" required />,
  play: async ({ canvas, userEvent }) => {
    const area = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(area, 'Hello');
    await expect(area).toHaveValue('Hello');
  },
};

export const Choice: Story = {
  render: () => (
    <Select
      label="Sport"
      placeholder="Choose a sport"
      options={[
        { value: 'hockey', label: 'Hockey' },
        { value: 'soccer', label: 'Soccer' },
      ]}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    const select = canvas.getByRole('combobox', { name: 'Sport' });
    await userEvent.selectOptions(select, 'Soccer');
    await expect(select).toHaveValue('soccer');
  },
};

export const Consent: Story = {
  render: () => (
    <Checkbox
      required
      error="Please accept terms & conditions"
      label={
        <>
          I accept the <a href="#terms">terms &amp; conditions</a>
        </>
      }
    />
  ),
  play: async ({ canvas, userEvent }) => {
    const box = canvas.getByRole('checkbox', { name: /I accept the terms & conditions/ });
    await userEvent.click(box);
    await expect(box).toBeChecked();
  },
};
