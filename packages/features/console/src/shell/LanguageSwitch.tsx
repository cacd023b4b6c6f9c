import { changeLanguage, supportedLanguages, useTranslation } from '@grandstand/i18n';
import { useClientStorage } from '@grandstand/store';
import { visuallyHidden } from '@grandstand/ui';
import styled from 'styled-components';

/** Where the operator's language choice is kept (the app reads it at start). */
export const CONSOLE_LANGUAGE_KEY = 'language';

/** English or French (spec §1), whatever the channel's own language; the choice outlives the visit. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('console');
  const storage = useClientStorage();
  return (
    <label>
      <HiddenLabel>{t('shell.language')}</HiddenLabel>
      <select
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => {
          const language = event.target.value;
          storage.set(CONSOLE_LANGUAGE_KEY, language);
          void changeLanguage(i18n, language);
        }}
      >
        {supportedLanguages.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`shell.languages.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

const HiddenLabel = styled.span`
  ${visuallyHidden}
`;
