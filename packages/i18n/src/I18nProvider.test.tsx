import { axe } from '@grandstand/vitest-config/axe';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, Trans, changeLanguage, createI18n, useTranslation } from './index.ts';

function Footer({ year }: { year: number }) {
  const { t } = useTranslation('shell');
  return (
    <footer>
      <nav aria-label={t('footerNav')}>
        <a href="/faq">{t('faq')}</a>
      </nav>
      <p>{t('copyright', { year, channel: 'Grandstand' })}</p>
      <p>
        <Trans ns="errors" i18nKey="reloadIn" values={{ seconds: 60 }} />
      </p>
    </footer>
  );
}

describe('I18nProvider with useTranslation', () => {
  it('renders the French texts of a French instance', async () => {
    const i18n = await createI18n({ language: 'fr' });
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <Footer year={2025} />
      </I18nProvider>,
    );

    const nav = screen.getByRole('navigation', { name: 'Navigation du pied de page' });
    expect(nav.textContent).toBe('FAQ');
    expect(screen.getByText('© 2025 Grandstand').tagName).toBe('P');
    expect(screen.getByText('Vous pourrez recharger dans 60 s').tagName).toBe('P');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('re-renders in the new language when the language changes', async () => {
    const i18n = await createI18n({ language: 'en' });
    render(
      <I18nProvider i18n={i18n}>
        <Footer year={2025} />
      </I18nProvider>,
    );
    expect(screen.getByRole('navigation', { name: 'Footer navigation' }).textContent).toBe('FAQ');

    await act(async () => {
      await changeLanguage(i18n, 'fr');
    });

    expect(screen.getByRole('navigation', { name: 'Navigation du pied de page' }).textContent).toBe('FAQ');
    expect(screen.getByText('Vous pourrez recharger dans 60 s').tagName).toBe('P');
  });
});
