import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Footer } from './Footer.tsx';

const meta = {
  title: 'Shell/Footer',
  component: Footer,
  parameters: { layout: 'fullscreen' },
  args: {
    channelName: 'Grandstand',
    navLabel: 'Footer menu',
    items: [
      { id: 'faq', label: 'FAQ', href: '#faq' },
      { id: 'about', label: 'About', href: '#about' },
      { id: 'contacts', label: 'Contact us', href: '#contacts' },
    ],
    copyright: '© 2025 Grandstand',
  },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Footer menu' });
    await expect(within(nav).getAllByRole('link')).toHaveLength(3);
  },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithStaticBlock: Story = {
  args: {
    children: <p>All sales are final; no refunds.</p>,
  },
};
