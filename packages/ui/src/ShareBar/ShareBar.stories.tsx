import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { percentOf, ShareBar } from './ShareBar.tsx';

const meta = {
  title: 'Components/ShareBar',
  component: ShareBar,
  args: { percent: 60 },
  argTypes: { percent: { control: { type: 'range', min: 0, max: 100 } } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '20rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ShareBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Share: Story = {};
export const Empty: Story = { args: { percent: 0 } };

const answers = [
  { label: 'Owls', votes: 12 },
  { label: 'Hawks', votes: 7 },
  { label: 'A draw', votes: 1 },
];
const total = answers.reduce((sum, answer) => sum + answer.votes, 0);

/** A poll's results as the watch page and the control room show them: the figure in words, the bar beside it. */
export const PollResults: Story = {
  render: () => (
    <ul style={{ display: 'grid', gap: '0.5rem', margin: 0, padding: 0, listStyle: 'none' }}>
      {answers.map((answer) => (
        <li key={answer.label}>
          <span>
            {answer.label}: {answer.votes} votes, {percentOf(answer.votes, total)} %
          </span>
          <ShareBar percent={percentOf(answer.votes, total)} animated />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Owls: 12 votes, 60 %')).toBeVisible();
  },
};
