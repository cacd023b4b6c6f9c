import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ConsentBanner } from './ConsentBanner.tsx';

const onAccept = fn();
const onDecline = fn();
const onDismiss = fn();

// The texts the site shows (the shell namespace of @grandstand/i18n), in English.
const meta = {
  title: 'Components/ConsentBanner',
  component: ConsentBanner,
  args: {
    kind: 'choice',
    label: 'Privacy',
    message: 'This site would like to count your visits and viewing to improve its service, and to share them with its analytics partners. Nothing is counted unless you accept.',
    acceptLabel: 'Accept',
    declineLabel: 'Decline',
    onAccept,
    onDecline,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConsentBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `opt-in`: nothing tracks until the viewer answers. */
export const OptIn: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('region', { name: 'Privacy' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await expect(onDecline).toHaveBeenCalledOnce();
    await expect(onAccept).not.toHaveBeenCalled();
  },
};

/** `notice`: tracking runs; the viewer closes the notice. */
export const Notice: Story = {
  args: { kind: 'notice', message: 'This site counts visits and viewing to improve its service.', acceptLabel: 'Got it', onAccept: onDismiss },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Got it' }));
    await expect(onDismiss).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('button', { name: 'Decline' })).toBeNull();
  },
};

/** French, whose longer texts wrap the buttons under the message on a phone. */
export const OptInFrench: Story = {
  args: {
    label: 'Confidentialité',
    message: 'Ce site aimerait compter vos visites et votre visionnement pour améliorer son service, et les partager avec ses partenaires d’analyse. Rien n’est compté sans votre accord.',
    acceptLabel: 'Accepter',
    declineLabel: 'Refuser',
  },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};
