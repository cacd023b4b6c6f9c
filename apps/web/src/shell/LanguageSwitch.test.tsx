import { useTranslation } from '@grandstand/i18n';
import { axe } from '@grandstand/vitest-config/axe';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSite } from '../test/renderSite.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LANGUAGE_STORAGE_KEY } from './services.tsx';

function Greeting() {
  const { t } = useTranslation('shell');
  return <p>{t('home')}</p>;
}

describe('LanguageSwitch (spec §1: English and French)', () => {
  it('switches the interface to French and remembers the choice', async () => {
    const { container, client } = await renderSite(
      <>
        <LanguageSwitch />
        <Greeting />
      </>,
    );
    expect(screen.getByText('Home')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');

    expect(await screen.findByText('Accueil')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
    expect(client.storage.get(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(await axe(container)).toHaveNoViolations();
  });
});
