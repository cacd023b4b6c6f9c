import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from '../Badge/Badge.tsx';
import { Button } from '../Button/Button.tsx';
import { Text } from '../Text/Text.tsx';
import { tokenValue } from '../test/tokens.ts';
import { ButtonRow, Item, ItemList, ItemText } from './ItemList.tsx';

// The second name is long: it wraps inside its box rather than push the box wider than the list.
const domains = [
  { hostname: 'watch.northfield.example', added: 'March 3, 2027' },
  { hostname: 'northfield-athletics-streaming-with-a-very-long-name.example', added: 'April 12, 2027' },
];

const meta = {
  title: 'Layout/ItemList',
  component: ItemList,
  args: {
    'aria-label': 'Domains',
    children: domains.map(({ hostname, added }) => (
      <Item key={hostname}>
        <ItemText basis="14rem">
          <strong>{hostname}</strong>
          <Text as="span" size="sm" tone="muted">
            Added on {added}
          </Text>
        </ItemText>
        <Button type="button" size="sm" variant="secondary">
          Remove
        </Button>
      </Item>
    )),
  },
} satisfies Meta<typeof ItemList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Domains: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Domains' });
    await expect(list).toBeVisible();
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    // A box on the channel's surface, its text in the surface's readable colour.
    const style = getComputedStyle(items[0]!);
    await expect(style.backgroundColor).toBe(tokenValue('background-color', '--gs-surface'));
    await expect(style.color).toBe(tokenValue('color', '--gs-surface-text'));
    // The long name wraps inside its box.
    await expect(items[1]!.scrollWidth).toBeLessThanOrEqual(items[1]!.clientWidth);
  },
};

export const WithActions: Story = {
  args: {
    'aria-label': 'Season passes',
    children: (
      <Item>
        <ItemText>
          <strong>North team pass</strong>
          <Text as="span" size="sm" tone="muted">
            $40.00/year · 2 teams · on sale
          </Text>
        </ItemText>
        <Badge tone="primary">Team pass</Badge>
        <ButtonRow>
          <Button type="button" size="sm" variant="secondary">
            Edit
          </Button>
          <Button type="button" size="sm" variant="secondary">
            Take off sale
          </Button>
        </ButtonRow>
      </Item>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Take off sale' })).toBeVisible();
  },
};
