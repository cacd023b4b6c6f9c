import { useTranslation } from '@grandstand/i18n';
import { useGetFaqQuery } from '@grandstand/store';
import { ErrorPanel, Link, Loader } from '@grandstand/ui';
import { Aside, PageArticle } from '../../shared/PageArticle.ts';
import { FaqList } from './FaqList.tsx';

/** `/faq` (spec §2): the channel's questions and answers, or a plain note when there are none. */
export function FaqPage() {
  const { t } = useTranslation(['content', 'shell', 'errors']);
  const { data, isLoading, isError, refetch } = useGetFaqQuery();
  return (
    <PageArticle>
      <title>{t('content:faq.title')}</title>
      <h1>{t('content:faq.title')}</h1>
      {isLoading && <Loader label={t('shell:loading')} />}
      {isError && <ErrorPanel title={t('errors:pageError')} message={t('errors:somethingWrong')} actionLabel={t('shell:retry')} onAction={() => void refetch()} />}
      {data && data.length === 0 && <p>{t('content:faq.empty')}</p>}
      {data && data.length > 0 && <FaqList items={data} />}
      {data && (
        <Aside>
          {t('content:faq.contactsHint')} <Link href="/contacts">{t('content:faq.contactsLink')}</Link>
        </Aside>
      )}
      {data && (
        // Will it play here? The playback check (spec §2 /simulate) answers before a purchase.
        <Aside>
          {t('content:faq.checkHint')} <Link href="/simulate">{t('content:faq.checkLink')}</Link>
        </Aside>
      )}
    </PageArticle>
  );
}

export default FaqPage;
