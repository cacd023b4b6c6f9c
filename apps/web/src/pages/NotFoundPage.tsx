import { useTranslation } from '@grandstand/i18n';
import { ButtonLink } from '@grandstand/ui';
import styled from 'styled-components';

/** spec §2: the not-found page. */
export default function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <Wrapper>
      <title>{t('notFoundTitle')}</title>
      <Code aria-hidden="true">404</Code>
      <h1>{t('notFoundTitle')}</h1>
      <ButtonLink href="/">
        {t('goHome')}
      </ButtonLink>
    </Wrapper>
  );
}

const Wrapper = styled.section`
  display: grid;
  justify-items: center;
  gap: var(--gs-space-md);
  padding: var(--gs-space-xxl) var(--gs-space-md);
  text-align: center;

  h1 {
    margin: 0;
    font-size: var(--gs-font-size-xl);
  }
`;

const Code = styled.p`
  margin: 0;
  font-size: 5rem;
  font-weight: 800;
  line-height: 1;
  color: var(--gs-muted-text);
`;
