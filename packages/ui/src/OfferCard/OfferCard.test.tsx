import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { OfferCard, OfferList } from './OfferCard.tsx';

describe('OfferCard', () => {
  it('is a list item named by its heading, with its price, fee, description, trial and action', async () => {
    const { container } = renderThemed(
      <OfferList>
        <OfferCard
          headingId="offer-1"
          name="North team pass"
          badge="Team pass"
          priceTitle="$40.00/year"
          fee="+ $2.00 service fee"
          description="One team's games for a year."
          trial="7-day free trial"
          action={<a href="/buy?package_id=1">Buy</a>}
        />
      </OfferList>,
    );
    const card = screen.getByRole('listitem', { name: 'North team pass' });
    expect(within(card).getByRole('heading', { level: 3, name: 'North team pass' })).toBeInTheDocument();
    expect(card).toHaveTextContent(/Team pass.*\$40\.00\/year.*\+ \$2\.00 service fee.*One team's games for a year\..*7-day free trial.*Buy/);
    expect(within(card).getByRole('link', { name: 'Buy' })).toHaveAttribute('href', '/buy?package_id=1');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('leaves out the lines it is not given, and stands alone as a preview', async () => {
    const { container } = renderThemed(<OfferCard as="div" headingId="offer-2" name="Monthly" priceTitle="$10.00/month" />);
    const heading = screen.getByRole('heading', { level: 3, name: 'Monthly' });
    const card = heading.parentElement!;
    expect(card.tagName).toBe('DIV');
    expect(card.querySelectorAll('p')).toHaveLength(1);
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });
});
