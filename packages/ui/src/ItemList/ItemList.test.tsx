import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderThemed } from '../test/render.tsx';
import { ButtonRow, Item, ItemList, ItemText } from './ItemList.tsx';

describe('ItemList', () => {
  it('is a list of boxes, each its text and its actions on a wrapping line', async () => {
    const { container } = renderThemed(
      <ItemList aria-label="Domains">
        <Item>
          <ItemText>
            <strong>watch.northfield.example</strong>
            <span>Added on March 3, 2027</span>
          </ItemText>
          <ButtonRow>
            <button type="button">Remove</button>
          </ButtonRow>
        </Item>
      </ItemList>,
    );
    const list = screen.getByRole('list', { name: 'Domains' });
    expect(list).toHaveStyle({ display: 'grid', listStyle: 'none' });
    expect(screen.getByRole('listitem')).toHaveStyle({ display: 'flex', flexWrap: 'wrap', alignItems: 'center' });
    expect(screen.getByRole('button', { name: 'Remove' }).parentElement).toHaveStyle({ display: 'flex', flexWrap: 'wrap' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('keeps the text 16rem wide before the actions wrap under it, or the width it is given', () => {
    renderThemed(
      <ItemList>
        <Item>
          <ItemText data-testid="default">Team pass</ItemText>
        </Item>
        <Item>
          <ItemText data-testid="narrow" basis="14rem">
            watch.northfield.example
          </ItemText>
        </Item>
      </ItemList>,
    );
    // jsdom computes rem at 16px.
    expect(screen.getByTestId('default')).toHaveStyle({ flexGrow: '1', flexBasis: '256px', minWidth: '0px' });
    expect(screen.getByTestId('narrow')).toHaveStyle({ flexBasis: '224px' });
  });
});
