import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import type { LinkComponentProps } from '../shared/link.ts';
import { Link } from './Link.tsx';
import { LinkProvider } from './LinkProvider.tsx';

const meta = {
  title: 'Components/Link',
  component: Link,
  args: { href: '/packages', children: 'See packages' },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Without a provider: a plain anchor, as in Storybook and the first-screen HTML. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'See packages' })).toHaveAttribute('href', '/packages');
  },
};

function StoryRouterLink({ href, ...rest }: LinkComponentProps) {
  // Stands in for the site's router link; keeps the story from leaving the canvas.
  return <a href={href} data-router="story" {...rest} onClick={(event) => event.preventDefault()} />;
}

/** Inside a `LinkProvider`: the site's component renders the link. */
export const ThroughProvider: Story = {
  decorators: [
    (Story) => (
      <LinkProvider component={StoryRouterLink}>
        <Story />
      </LinkProvider>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'See packages' })).toHaveAttribute('data-router', 'story');
  },
};
