import { createI18n, I18nProvider, registerFeatureResources } from '@grandstand/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { eventsNamespace } from '../namespace.ts';
import { categories, properties } from '../test/fixtures.ts';
import { FilterBar, type FilterValues } from './FilterBar.tsx';

const i18n = await createI18n({ language: 'en' });
await registerFeatureResources(i18n, eventsNamespace);

const onChange = fn();

function Filters({ initial }: { initial: FilterValues }) {
  const [values, setValues] = useState<FilterValues>(initial);
  return (
    <I18nProvider i18n={i18n}>
      <FilterBar
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
