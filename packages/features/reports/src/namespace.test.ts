import { REPORT_FUNNEL_STEPS } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json' with { type: 'json' };
import { reportsNamespace } from './namespace.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe('reports namespace', () => {
  it('has every English text in French, with the same placeholders', async () => {
    const fr = (await reportsNamespace.loaders.fr()).default;
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort();
    const at = (tree: unknown, path: string) => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree) as string;
    for (const key of keys(en)) expect(placeholders(at(fr, key)), key).toEqual(placeholders(at(en, key)));
  });

  it('is the reports namespace, naming every step of the funnel in both languages', async () => {
    const fr = (await reportsNamespace.loaders.fr()).default;
    expect(reportsNamespace.namespace).toBe('reports');
    expect(Object.keys(en.audience.steps)).toEqual([...REPORT_FUNNEL_STEPS]);
    expect(Object.keys(fr.audience.steps)).toEqual([...REPORT_FUNNEL_STEPS]);
  });
});
