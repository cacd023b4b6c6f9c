import type { Page } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { useGetPageQuery } from '@grandstand/store';
import { ErrorPanel, Loader } from '@grandstand/ui';
import type { ReactNode } from 'react';
import { PageArticle } from '../../shared/PageArticle.ts';
import { SanitizedHtml } from '../../shared/SanitizedHtml.tsx';

export interface ChannelPageProps {
  /** An entry of the channel's page list (spec §3: id, url, alt_name, name). */
  page: Page;
  /**
   * What follows the page's text. spec §2: each page route shows a shared schedule view; the site
   * owns that view and places it here, so this package does not depend on the events feature.
   */
  children?: ReactNode;
}

/**
 * A page from the channel's page list, titled with the page name (spec §2). Its HTML comes from
 * /pages/{id} and is sanitised before it is shown: a channel admin's markup never runs script here.
 */
export function ChannelPage({ page, children }: ChannelPageProps) {
  const { t } = useTranslation(['shell', 'errors']);
  const { data, isLoading, isError, refetch } = useGetPageQuery(page.id);
  return (
    <>
      <PageArticle>
        <title>{page.name}</title>
        <h1>{page.alt_name ?? page.name}</h1>
        {isLoading && <Loader label={t('shell:loading')} />}
        {isError && <ErrorPanel title={t('errors:pageError')} message={t('errors:somethingWrong')} actionLabel={t('shell:retry')} onAction={() => void refetch()} />}
        {data && <SanitizedHtml html={data.content} />}
      </PageArticle>
      {children}
    </>
  );
}

export default ChannelPage;
