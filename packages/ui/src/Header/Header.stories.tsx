import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Header, type HeaderProps } from './Header.tsx';

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

const phoneArgs = {
  actions: (
    <Button size="sm" variant="primary">
      Se connecter
    </Button>
  ),
  menuExtras: (
    <label>
      Language{' '}
      <select defaultValue="fr">
        <option value="en">English</option>
        <option value="fr">Français</option>
      </select>
    </label>
  ),
};

/** A 390 px phone: one row (logo, menu button, account); the language switch is inside the menu. */
export const Phone: Story = {
  args: phoneArgs,
  render: (args) => (
    <div style={{ width: '390px' }}>
      <Header {...args} />
    </div>
  ),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Menu' });
    const banner = canvasElement.querySelector('header') as HTMLElement;
    await expect(banner.getBoundingClientRect().height).toBeLessThan(70);
    await expect(canvas.queryByRole('combobox', { name: /Language/ })).toBeNull();
    await userEvent.click(button);
    await expect(within(canvas.getByRole('navigation', { name: 'Main menu' })).getByRole('combobox', { name: /Language/ })).toBeVisible();
    // The open menu lies over the page: the bar keeps its height.
    await expect(banner.getBoundingClientRect().height).toBeLessThan(70);
  },
};

/** The smallest phone still fits the one row. */
export const Phone320: Story = {
  args: phoneArgs,
  render: (args) => (
    <div style={{ width: '320px' }}>
      <Header {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const banner = canvasElement.querySelector('header') as HTMLElement;
    await expect(banner.getBoundingClientRect().height).toBeLessThan(70);
    await expect(banner.scrollWidth).toBeLessThanOrEqual(320);
  },
};

const manyEntries = [
  { id: 1, label: 'Live', href: '#live' },
  { id: 2, label: 'Upcoming', href: '#upcoming' },
  { id: 3, label: 'On demand', href: '#vod' },
  { id: 4, label: 'Schedule', href: '#schedule' },
  { id: 5, label: 'Lincoln Lions', href: '#lions' },
  { id: 6, label: 'Riverside Ravens', href: '#ravens' },
  { id: 7, label: 'Packages', href: '#packages' },
  { id: 8, label: 'About us', href: '#about' },
];

/** The header in a frame this wide. */
const inFrame = (width: string) => (args: HeaderProps) => (
  <div style={{ width }}>
    <Header {...args} />
  </div>
);

/** The bar is one row: the menu button shows, and the bar is as tall as a phone's. */
async function expectOneRowFolded(canvasElement: HTMLElement, canvas: ReturnType<typeof within>) {
  const banner = canvasElement.querySelector('header') as HTMLElement;
  await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(banner.getBoundingClientRect().height).toBeLessThan(70);
}

/** A tablet (1024 px) with eight entries: they would wrap the bar into two rows, so the menu folds. */
export const ManyEntriesTablet: Story = {
  args: { ...phoneArgs, items: manyEntries },
  render: inFrame('1024px'),
  play: async ({ canvas, canvasElement }) => expectOneRowFolded(canvasElement, canvas),
};

/** The same entries on a large laptop (1366 px): there is room, so they show in the bar, on one row. */
export const ManyEntriesLaptop: Story = {
  args: { ...phoneArgs, items: manyEntries },
  render: inFrame('1366px'),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('button', { name: 'Menu' })).toBeNull();
    await expect(within(canvas.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'About us' })).toBeVisible();
    await expect((canvasElement.querySelector('header') as HTMLElement).getBoundingClientRect().height).toBeLessThan(70);
  },
};

/**
 * Controls wider than the estimate allows (here a 32rem account area): the entries are seen not to
 * fit, and the menu folds rather than wrapping or clipping them.
 */
export const WiderThanEstimated: Story = {
  args: {
    items: manyEntries.slice(0, 5),
    actions: <span style={{ display: 'inline-block', width: '32rem' }}>Signed in as a viewer with a very long name</span>,
  },
  render: inFrame('1024px'),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible());
    await expectOneRowFolded(canvasElement, canvas);
  },
};
