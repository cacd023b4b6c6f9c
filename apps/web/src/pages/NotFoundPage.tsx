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
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.md};
  text-align: center;

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.sizes.xl};
  }
`;

const Code = styled.p`
  margin: 0;
  font-size: 5rem;
  font-weight: 800;
  line-height: 1;
  color: ${({ theme }) => theme.colors.mutedText};
`;
