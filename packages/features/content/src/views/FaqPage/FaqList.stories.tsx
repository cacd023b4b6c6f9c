import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { faq } from '../../test/fixtures.ts';
import { FaqList } from './FaqList.tsx';

const meta = {
  title: 'Content/FAQ list',
  component: FaqList,
  args: { items: faq },
} satisfies Meta<typeof FaqList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvas }) => {
    const questions = canvas.getAllByRole('button');
    await expect(questions.map((button) => button.textContent)).toEqual(['How do I buy a pass?', 'Can I watch on my TV?']);
    for (const question of questions) await expect(question).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Keyboard: Tab to a question, Enter opens its answer; the answer's HTML is sanitised. */
export const Opened: Story = {
  play: async ({ canvas, userEvent }) => {
    const question = canvas.getByRole('button', { name: 'How do I buy a pass?' });
    await userEvent.tab();
    await expect(question).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { name: 'Packages' })).toHaveAttribute('rel', 'noopener noreferrer');
  },
};
