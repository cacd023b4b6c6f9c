import { expect, test } from '@playwright/test';
import { readChannels } from '@grandstand/contract/node';
import { channelsDir } from '../.storybook/channelsModule.ts';

const channels = readChannels(channelsDir).map(({ config }) => config);

/** `#rrggbb` as the browser computes a colour. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

test('the static build opens on a file server with the stories and the channel toolbar', async ({ page }) => {
  await page.goto('/');
  // The sidebar lists the stories from the built index, with no dev server behind it. Only the
  // first component's group opens by itself: the badge's is opened as a designer would.
  const stories = page.getByRole('navigation', { name: 'Stories' });
  await stories.getByRole('button', { name: 'Badge', exact: true }).click();
  await expect(stories.getByRole('link', { name: 'Live', exact: true })).toHaveAttribute('href', '/?path=/story/components-badge--live');
  await page.getByRole('button', { name: /^The channel whose colours theme the stories/ }).click();
  const choices = page.getByRole('listbox', { name: /^The channel whose colours theme the stories/ });
  for (const channel of channels) await expect(choices.getByText(`${channel.name} (${channel.slug})`)).toBeVisible();
});

for (const channel of channels) {
  test(`a story renders in ${channel.slug}'s theme`, async ({ page }) => {
    await page.goto(`/iframe.html?id=components-button--primary&viewMode=story&globals=channel:${channel.slug}`);
    const button = page.locator('#storybook-root').getByRole('button').first();
    await expect(button).toBeVisible();
    await expect(button).toHaveCSS('background-color', rgb(channel.fallbackColors['primary-color']));
  });
}
