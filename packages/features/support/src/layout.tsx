import { formatDate, formatPrice, useTranslation } from '@grandstand/i18n';
import styled from 'styled-components';

/** A search form: its fields side by side where there is room, its button at their foot. */
export const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-sm);
  align-items: end;

  & > div {
    flex: 1 1 12rem;
  }
`;

/** The facts of an order or a viewer: terms and values in two columns where there is room. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: var(--gs-space-xxs) var(--gs-space-md);
  margin: 0;

  dt {
    font-weight: var(--gs-font-weight-bold);
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** A panel of the page: an order's or a viewer's detail, a form of an action. */
export const Panel = styled.section`
  display: grid;
  gap: var(--gs-space-sm);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
  border: 1px solid var(--gs-border);
  border-top: 4px solid var(--gs-primary-color);
  border-radius: var(--gs-radius-md);
  padding: var(--gs-space-md);
`;

/** An action's form: its fields one under the other, its button at the foot. */
export const ActionForm = styled.form`
  display: grid;
  gap: var(--gs-space-xs);
  justify-items: start;

  & > div {
    width: 100%;
  }
`;

/** Money and dates in the operator's language. */
export function useFormats(): { money: (amount: number, currency: string) => string; when: (iso: string | null) => string } {
  const { i18n } = useTranslation('support');
  const language = i18n.language;
  return {
    money: (amount, currency) => formatPrice(amount, currency, language),
    when: (iso) => (iso === null ? '—' : formatDate(new Date(iso), language, { dateStyle: 'medium', timeStyle: 'short' })),
  };
}
