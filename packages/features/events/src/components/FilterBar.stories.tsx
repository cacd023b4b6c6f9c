import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { eventsNamespace } from '../namespace.ts';
import { categories, properties } from '../test/fixtures.ts';
import { WithTestFollow } from '../test/follow.tsx';
import { FilterBar, type FilterBarProps, type FilterValues } from './FilterBar.tsx';

const i18n = await createI18n({ language: 'en' });
await registerFeatureResources(i18n, eventsNamespace);

const onChange = fn();

function Filters({ initial, follow, mine: startMine }: { initial: FilterValues; follow?: FilterBarProps['follow']; mine?: boolean }) {
  const [values, setValues] = useState<FilterValues>(initial);
  const [mine, setMine] = useState(startMine);
  return (
    <I18nProvider i18n={i18n}>
      <WithTestFollow>
        <FilterBar
          {...(follow ? { follow } : {})}
          {...(mine === undefined ? {} : { mine: { active: mine, onChange: setMine } })}
          values={values}
          properties={properties}
          categories={categories}
          describe={(_key, value) => (value === 'northfield-high' ? 'Northfield High' : value)}
          onChange={(key, value) => {
            onChange(key, value);
            setValues((current) => ({ ...current, [key]: value }));
          }}
          onClear={() => setValues({})}
        />
      </WithTestFollow>
    </I18nProvider>
  );
}

const meta = {
  title: 'Events/FilterBar',
  component: Filters,
  args: { initial: {} },
} satisfies Meta<typeof Filters>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Gender' }), 'Women');
    await expect(onChange).toHaveBeenCalledWith('gender', 'W');
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  },
};

export const FromASharedLink: Story = {
  args: { initial: { sport: 'hockey', school: 'northfield-high', gender: 'M' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('School: Northfield High')).toBeVisible();
  },
};

/** A site with favourites: the school chip and the chosen sport carry its follow control. */
export const WithFollowControls: Story = {
  args: {
    initial: { sport: 'hockey', school: 'northfield-high' },
    follow: { school: { kind: 'group', id: 1, name: 'Northfield High' }, sport: { kind: 'category', id: 100, name: 'Hockey' } },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Follow Northfield High' }));
    await expect(canvas.getByRole('button', { name: 'Unfollow Northfield High' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Follow Hockey' })).toBeVisible();
  },
};

/** A logged-in viewer: the "My teams" switch, off. */
export const MyTeamsOffered: Story = {
  args: { initial: {}, mine: false },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'My teams' }));
    await expect(canvas.getByText(/the other filters are off/)).toBeVisible();
  },
};

/** "My teams" on: the other filters are disabled and say why. */
export const MyTeamsOn: Story = {
  args: { initial: { sport: 'hockey', school: 'northfield-high' }, mine: true, follow: { school: { kind: 'group', id: 1, name: 'Northfield High' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Sport' })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Follow Northfield High' })).toBeNull();
  },
};
