// Compiled by `pnpm typecheck` as a separate program that sees only the package entry, the way the
// site does: it proves that importing '@grandstand/i18n' brings the typed keys along.
import { createI18n, serverMessageKey, type i18n } from '@grandstand/i18n';

export async function texts(): Promise<string[]> {
  const instance: i18n = await createI18n({ language: 'fr', namespaces: ['errors', 'shell'] });
  const known = serverMessageKey('Wrong promo code') ?? 'errors:somethingWrong';
  return [
    instance.t('errors:whoopsTitle'),
    instance.t('errors:reloadIn', { seconds: 60 }),
    instance.t('shell:copyright', { year: 2025, channel: 'Grandstand' }),
    instance.t('gender.men'),
    instance.t(known),
    // @ts-expect-error a key that does not exist is a type error in consumers
    instance.t('errors:noSuchKey'),
    // @ts-expect-error namespaces are checked too
    instance.t('nowhere:whoopsTitle'),
  ];
}
