import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { importAnswer, noUnknown, scheduleApi } from '../../test/fixtures.ts';
import { scheduleLoader, withScheduleProviders } from '../../test/stories.tsx';
import { ImportPage } from './ImportPage.tsx';

const checked = importAnswer({
  valid: 48,
  errors: [
    { line: 7, field: 'time', code: 'BAD_DATE', message: 'must be a time like 19:00' },
    { line: 31, field: 'price', code: 'PRICE_REQUIRED', message: 'a paid event needs a price' },
  ],
  unknown: { ...noUnknown, teams: ['Hill Hawks'], venues: ['North Rink'] },
});

const meta = {
  title: 'Schedule/Import',
  component: ImportPage,
  loaders: [scheduleLoader],
  decorators: [withScheduleProviders],
  parameters: { route: '/events/import', scheduleRoutes: scheduleApi([], { 'POST /console/events/import': () => ({ json: checked }) }).routes },
} satisfies Meta<typeof ImportPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Start: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Download the CSV template' })).toBeInTheDocument();
  },
};

/** A dry run with two bad lines and two unknown names. */
export const Checked: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'CSV' }), 'date,time');
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }));
    await expect(await canvas.findByRole('table', { name: '2 lines need fixing' })).toBeInTheDocument();
    await expect(canvas.getByRole('checkbox', { name: 'Create the venue “North Rink”' })).toBeInTheDocument();
  },
};
