import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { contactsForm, contentRoutes } from '../../test/fixtures.ts';
import { contentLoader, withContentProviders } from '../../test/stories.ts';
import { CustomFormView } from './CustomFormView.tsx';

const meta = {
  title: 'Content/Contact form',
  component: CustomFormView,
  args: { form: contactsForm },
  loaders: [contentLoader],
  decorators: [withContentProviders],
  parameters: { contentRoutes: contentRoutes() },
} satisfies Meta<typeof CustomFormView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** spec §5: the required fields are marked with their message and the first one takes the focus. */
export const MissingFields: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(canvas.getByRole('textbox', { name: 'Full name' })).toHaveFocus();
    await expect(canvas.getAllByText('Field is required')).toHaveLength(5);
  },
};

export const Sent: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Full name' }), 'Ann Lee');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ann@example.org');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Topic' }), 'Other');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Please cover the final.');
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(await canvas.findByText('Thank you! Your message has been sent.')).toBeInTheDocument();
  },
};

export const ServerRefused: Story = {
  parameters: { contentRoutes: contentRoutes({ onSubmit: () => ({ status: 400, json: { message: 'Topic must be one of the options.', field: 'topic' } }) }) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Full name' }), 'Ann Lee');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ann@example.org');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Topic' }), 'Other');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Hello');
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Topic must be one of the options.');
  },
};
