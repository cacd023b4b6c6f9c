import { SUPPORT_ERROR_CODES, VIEWER_DELETION_KEEPS, VIEWER_DELETION_REMOVES } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json' with { type: 'json' };
import { supportNamespace } from './namespace.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe('support namespace', () => {
  it('has every English text in French, with the same placeholders', async () => {
    const fr = (await supportNamespace.loaders.fr()).default;
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort();
    const at = (tree: unknown, path: string) => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree) as string;
    for (const key of keys(en)) expect(placeholders(at(fr, key)), key).toEqual(placeholders(at(en, key)));
  });

  it('words every refusal code and every part of a deletion', () => {
    for (const code of Object.values(SUPPORT_ERROR_CODES)) expect(en.errors, code).toHaveProperty(code);
    for (const item of [...VIEWER_DELETION_REMOVES, ...VIEWER_DELETION_KEEPS]) expect(en.delete.what, item).toHaveProperty(item);
  });
});
