import { useTranslation } from '@grandstand/i18n';
import { useGetSettingsQuery } from '@grandstand/store';
import { ButtonLink, ErrorPanel, Loader } from '@grandstand/ui';
import { PageArticle } from '../../shared/PageArticle.ts';
import { SanitizedHtml } from '../../shared/SanitizedHtml.tsx';

/** The settings static block that holds the about text. */
export const ABOUT_BLOCK_ALIAS = 'about';

/**
 * `/about` (spec §2): the channel's "about" static block. A channel without one still gets a
 * page: its name, a line about what it offers and a way home, never a blank screen.
 */
export interface AboutPageProps {
  /** The channel's own description (channel.json `description`), shown when there is no about block. */
  description?: string;
}

export function AboutPage({ description }: AboutPageProps = {}) {
  const { t } = useTranslation(['content', 'shell', 'errors']);
  const { data: settings, isLoading, isError, refetch } = useGetSettingsQuery();
  const block = settings?.static_blocks.find((candidate) => candidate.alias === ABOUT_BLOCK_ALIAS);

  if (isLoading || isError || !settings) {
    return (
      <PageArticle>
        <title>{t('shell:about')}</title>
        <h1>{t('shell:about')}</h1>
        {isLoading ? (
          <Loader label={t('shell:loading')} />
        ) : (
          <ErrorPanel title={t('errors:pageError')} message={t('errors:somethingWrong')} actionLabel={t('shell:retry')} onAction={() => void refetch()} />
        )}
      </PageArticle>
    );
  }
  if (block) {
    return (
      <PageArticle>
        <title>{block.title}</title>
        <h1>{block.title}</h1>
        <SanitizedHtml html={block.content} />
      </PageArticle>
    );
  }
  const title = t('content:about.title', { channel: settings.name });
  return (
    <PageArticle>
      <title>{title}</title>
      <h1>{title}</h1>
      <p>{description ?? t('content:about.fallback', { channel: settings.name })}</p>
      <ButtonLink href="/">
        {t('errors:goHome')}
      </ButtonLink>
    </PageArticle>
  );
}

export default AboutPage;
