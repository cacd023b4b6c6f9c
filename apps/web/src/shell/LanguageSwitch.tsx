import { changeLanguage, supportedLanguages, useTranslation } from '@grandstand/i18n';
import { visuallyHidden } from '@grandstand/ui';
import styled from 'styled-components';
import { LANGUAGE_STORAGE_KEY, useApiClient } from './services.tsx';

/** The interface is in English and French (spec §1); the viewer's choice outlives the visit. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  const client = useApiClient();
  return (
    <Label>
      <HiddenLabel>{t('language')}</HiddenLabel>
      <select
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => {
          const language = event.target.value;
          client.storage.set(LANGUAGE_STORAGE_KEY, language);
          void changeLanguage(i18n, language);
        }}
      >
        {supportedLanguages.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </Label>
  );
}

const HiddenLabel = styled.span`
  ${visuallyHidden}
`;

const Label = styled.label`
  select {
    font: inherit;
    padding: var(--gs-space-xs) var(--gs-space-sm);
    border-radius: var(--gs-radius-sm);
    border: 1px solid var(--gs-header-text-color-50);
    background: var(--gs-header-background);
    color: var(--gs-header-text-color);
  }
`;
