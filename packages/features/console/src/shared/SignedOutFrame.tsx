import { useTranslation } from '@grandstand/i18n';
import { Page } from '@grandstand/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { barSelect } from '../shell/ConsoleShell.styles.ts';
import { LanguageSwitch } from '../shell/LanguageSwitch.tsx';
import { useConsoleChannel } from './operator.tsx';

/** The bar and column of the pages before sign-in (sign-in, an invitation): the channel's name and the language switch. */
export function SignedOutFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('console');
  const channel = useConsoleChannel();
  return (
    <>
      <TopBar>
        <p>
          <strong>{channel?.name ?? t('title')}</strong> · {t('title')}
        </p>
        <LanguageSwitch />
      </TopBar>
      <Page as="main" width="narrow" gap="md">
        {children}
      </Page>
    </>
  );
}

const TopBar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--gs-space-sm);
  padding: var(--gs-space-sm) var(--gs-space-md);
  background: var(--gs-header-background);
  color: var(--gs-header-text-color);
  margin-block-end: var(--gs-space-lg);

  p {
    margin: 0;
  }

  select {
    ${barSelect}
  }

  select:focus-visible {
    outline: 2px solid var(--gs-header-focus-ring);
    outline-offset: 2px;
  }
`;
