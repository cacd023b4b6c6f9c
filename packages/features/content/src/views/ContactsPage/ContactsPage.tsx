import { useTranslation } from '@grandstand/i18n';
import { useGetCustomFormQuery, useGetSettingsQuery } from '@grandstand/store';
import { ErrorPanel, Link, Loader } from '@grandstand/ui';
import { Aside, PageArticle } from '../../shared/PageArticle.ts';
import { SanitizedHtml } from '../../shared/SanitizedHtml.tsx';
import { CustomFormView } from './CustomFormView.tsx';

/** The custom form alias and the static block alias the contacts page looks for. */
export const CONTACTS_ALIAS = 'contacts';

/**
 * `/contacts` (spec §2): the channel's "contacts" custom form when the server has one. GET
 * /custom-forms/contacts answers 404 when it does not (spec §7); the page then shows the channel's
 * "contacts" static block, or a plain line pointing to the FAQ.
 */
export function ContactsPage() {
  const { t } = useTranslation(['content', 'shell', 'errors']);
  const form = useGetCustomFormQuery(CONTACTS_ALIAS);
  const settings = useGetSettingsQuery();

  if (form.isLoading || form.isError) {
    return (
      <PageArticle>
        <title>{t('content:contacts.title')}</title>
        <h1>{t('content:contacts.title')}</h1>
        {form.isLoading ? (
          <Loader label={t('shell:loading')} />
        ) : (
          <ErrorPanel title={t('errors:pageError')} message={t('errors:somethingWrong')} actionLabel={t('shell:retry')} onAction={() => void form.refetch()} />
        )}
      </PageArticle>
    );
  }

  if (form.data) {
    return (
      <PageArticle>
        <title>{form.data.title}</title>
        <h1>{form.data.title}</h1>
        <CustomFormView form={form.data} />
      </PageArticle>
    );
  }

  const block = settings.data?.static_blocks.find((candidate) => candidate.alias === CONTACTS_ALIAS);
  const title = block?.title ?? t('content:contacts.title');
  return (
    <PageArticle>
      <title>{title}</title>
      <h1>{title}</h1>
      {block ? <SanitizedHtml html={block.content} /> : <p>{t('content:contacts.noForm')}</p>}
      <Aside>
        <Link href="/faq">{t('content:contacts.faqLink')}</Link>
      </Aside>
    </PageArticle>
  );
}

export default ContactsPage;
