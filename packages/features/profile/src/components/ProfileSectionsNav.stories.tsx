import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { profileLoader, withProfileProviders } from '../test/stories.tsx';
import { ProfileSectionsNav } from './ProfileSectionsNav.tsx';

const meta = {
  title: 'Profile/Sections nav',
  component: ProfileSectionsNav,
  loaders: [profileLoader],
  decorators: [withProfileProviders],
} satisfies Meta<typeof ProfileSectionsNav>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On /profile: Orders is the current section. */
export const OnOrders: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  },
};

/** With a section another feature brings (the clips), shown as the current one. */
export const WithOtherSections: Story = {
  args: { sections: [{ to: '/profile/clips', label: 'Clips' }] },
  parameters: { route: '/profile/clips' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Profile sections' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Clips' })).toHaveAttribute('aria-current', 'page');
  },
};
