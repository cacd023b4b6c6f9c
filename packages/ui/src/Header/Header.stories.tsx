import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Header } from './Header.tsx';

const meta = {
  title: 'Shell/Header',
  component: Header,
  parameters: { layout: 'fullscreen' },
  args: {
    channelName: 'Grandstand',
    homeHref: '#',
    navLabel: 'Main menu',
    menuButtonLabel: 'Menu',
    currentPath: '#live',
    items: [
      { id: 1, label: 'Live', href: '#live' },
      { id: 2, label: 'Upcoming', href: '#upcoming' },
      { id: 3, label: 'On demand', href: '#vod' },
      { id: 4, label: 'Packages', href: '#packages' },
      { id: 5, label: 'Shop', href: 'https://shop.example.org', external: true },
    ],
  },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Wide: every entry shows, no menu button. */
export const Wide: Story = {
  render: (args) => (
    <div style={{ width: '1000px' }}>
      <Header {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Menu' })).toBeNull();
    const nav = canvas.getByRole('navigation', { name: 'Main menu' });
    await expect(within(nav).getByRole('link', { name: 'Live' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'Packages' })).toBeVisible();
  },
};

/** Narrow: the menu folds behind its button; Escape closes it and focus returns. */
export const Narrow: Story = {
  render: (args) => (
    <div style={{ width: '360px' }}>
      <Header {...args} />
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Menu' });
    await expect(canvas.queryByRole('navigation')).toBeNull();
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { name: 'Upcoming' })).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Live' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveFocus();
  },
};

export const WithActions: Story = {
  args: {
    actions: (
      <Button size="sm" variant="primary">
        Log in
      </Button>
    ),
  },
};
