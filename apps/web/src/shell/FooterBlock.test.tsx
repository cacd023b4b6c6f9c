import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSite } from '../test/renderSite.tsx';
import { FooterBlock } from './FooterBlock.tsx';

describe('FooterBlock', () => {
  it("shows the channel's footer HTML once its sanitiser has loaded, without what the sanitiser removes", async () => {
    const { container } = await renderSite(<FooterBlock html='<p>Made by <strong>students</strong><script>window.hacked = true</script><img src="x" onerror="window.hacked = true" alt="Crest"></p>' />);
    expect(await screen.findByText('students')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByAltText('Crest')).not.toHaveAttribute('onerror');
    expect(await axe(container)).toHaveNoViolations();
  });
});
