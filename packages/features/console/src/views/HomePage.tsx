import { useTranslation } from '@grandstand/i18n';
import { ButtonLink, Card, Link, PageTitle, SectionTitle, Stack, Text } from '@grandstand/ui';
import { CONSOLE_PATHS } from '../paths.ts';
import type { ConsoleSection } from '../section.ts';
import { sectionsFor } from '../shell/ConsoleShell.tsx';
import { useConsoleOperator } from '../shared/operator.tsx';

/** `/console`: who the operator is on this channel, their sections, and their second factor's state. */
export function HomePage({ sections }: { sections: readonly ConsoleSection[] }) {
  const { t } = useTranslation('console');
  const operator = useConsoleOperator();
  const open = sectionsFor(sections, operator.role, operator.platformOwner);
  return (
    <Stack gap="lg">
      <PageTitle>{t('home.title', { name: operator.name })}</PageTitle>
      <Text>{t('home.intro', { role: t(`roles.${operator.role}`), channel: operator.channel.name })}</Text>
      {open.length > 0 && (
        <Stack as="section" aria-labelledby="console-home-sections" gap="sm">
          <SectionTitle id="console-home-sections">{t('home.sections')}</SectionTitle>
          <Stack as="ul" gap="xs">
            {open.map(({ path, Label }) => (
              <li key={path}>
                <Link href={`/${path}`}>
                  <Label />
                </Link>
              </li>
            ))}
          </Stack>
        </Stack>
      )}
      <Card gap="sm">
        <Text>{operator.totpEnabled ? t('home.totpOn') : t('home.totpOff')}</Text>
        {!operator.totpEnabled && (
          <div>
            <ButtonLink href={CONSOLE_PATHS.twoStep} variant="secondary">
              {t('home.setUpTotp')}
            </ButtonLink>
          </div>
        )}
      </Card>
      {operator.channels.length > 1 && (
        <Stack as="section" aria-labelledby="console-home-channels" gap="sm">
          <SectionTitle id="console-home-channels">{t('shell.channels')}</SectionTitle>
          <Stack as="ul" gap="xs">
            {operator.channels.map((channel) => (
              <li key={channel.slug}>
                {channel.name} · {t(`roles.${channel.role}`)}
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
