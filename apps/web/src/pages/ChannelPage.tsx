import DOMPurify from 'dompurify';
import { useTranslation } from '@grandstand/i18n';
import type { Page } from '@grandstand/contract';
import { channelApi } from '@grandstand/store';
import { ErrorPanel, Loader } from '@grandstand/ui';
import { useMemo } from 'react';
import styled from 'styled-components';

/**
 * A page from the channel's page list, titled with the page name (spec §2). Its HTML comes from the
 * server and is sanitised before it is shown: a channel admin's markup never runs script here.
 */
export default function ChannelPage({ page }: { page: Page }) {
  const { t } = useTranslation(['shell', 'errors']);
  const { data, isLoading, isError, refetch } = channelApi.useGetPageQuery(page.id);
  const html = useMemo(() => (data ? DOMPurify.sanitize(data.content) : ''), [data]);

  return (
    <Article>
      <title>{page.name}</title>
      <h1>{page.alt_name ?? page.name}</h1>
      {isLoading && <Loader label={t('shell:loading')} />}
      {isError && (
        <ErrorPanel title={t('errors:pageError')} message={t('errors:somethingWrong')} actionLabel={t('shell:retry')} onAction={() => void refetch()} />
      )}
      {data && <Content dangerouslySetInnerHTML={{ __html: html }} />}
    </Article>
  );
}

const Article = styled.article`
  max-width: 72ch;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};

  h1 {
    font-size: ${({ theme }) => theme.font.sizes.xxl};
  }
`;

const Content = styled.div`
  line-height: ${({ theme }) => theme.font.lineHeight};

  a {
    color: ${({ theme }) => theme.colors.link};
  }
  img {
    max-width: 100%;
    height: auto;
  }
`;
