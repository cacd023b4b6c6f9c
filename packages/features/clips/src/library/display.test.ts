import { CLIP_FAILURES, CLIP_REFUSAL_CODES, CLIP_REFUSALS } from '@grandstand/contract';
import { createI18n, registerFeatureResources } from '@grandstand/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { failureText, refusalText } from './display.ts';
import { clipsLibraryNamespace } from './namespace.ts';

const generic = () => 'Something went wrong';
let t: Parameters<typeof refusalText>[2];

beforeAll(async () => {
  // A French site: the server's English words must not reach the viewer.
  const i18n = await createI18n({ language: 'fr' });
  await registerFeatureResources(i18n, clipsLibraryNamespace);
  t = i18n.getFixedT('fr', ['clipsLibrary', 'common', 'errors']);
});

describe('refusalText', () => {
  it('shows a refusal the server words for the viewer in the viewer’s language', () => {
    expect(refusalText({ kind: 'http', status: 403, message: CLIP_REFUSALS.downloadsLimit, field: 'downloads', code: CLIP_REFUSAL_CODES.downloadsLimit }, generic, t)).toBe(
      'Vous n’avez plus de téléchargements aujourd’hui. Veuillez réessayer demain.',
    );
    expect(refusalText({ kind: 'http', status: 404, message: CLIP_REFUSALS.clipNotFound, field: 'id', code: CLIP_REFUSAL_CODES.clipNotFound }, generic, t)).toBe('Ce clip n’existe plus.');
  });

  it('reads a refusal by its machine code, whatever its words', () => {
    expect(refusalText({ kind: 'http', status: 403, message: 'Some other words', field: 'id', code: 'clip_download_not_watchable' }, generic, t)).toBe(
      'Vous ne pouvez plus regarder ce match, vous ne pouvez donc pas télécharger ses clips.',
    );
  });

  it('never reads the server’s words: a refusal without a code shows as sent', () => {
    expect(refusalText({ kind: 'http', status: 404, message: CLIP_REFUSALS.clipNotFound, field: 'id' }, generic, t)).toBe(CLIP_REFUSALS.clipNotFound);
  });

  it('shows the server’s own words for a refusal the site has no text for', () => {
    expect(refusalText({ kind: 'http', status: 403, message: 'You have no downloads left today.', field: 'id' }, generic, t)).toBe('You have no downloads left today.');
  });

  it('reads anything else as the site’s error texts', () => {
    expect(refusalText({ kind: 'http', status: 500, message: 'Internal Server Error' }, generic, t)).toBe('Something went wrong');
    expect(refusalText({ kind: 'network', status: null, message: 'Failed to fetch' }, generic, t)).toBe('Something went wrong');
    expect(refusalText({ kind: 'http', status: 404, message: '  ' }, generic, t)).toBe('Something went wrong');
    expect(refusalText(undefined, generic, t)).toBe('Something went wrong');
  });
});

describe('failureText', () => {
  it('gives why a clip failed in the viewer’s language', () => {
    expect(failureText(CLIP_FAILURES.tooLong, t)).toBe('La coupe de ce clip a pris trop de temps. Veuillez réessayer.');
    expect(failureText(CLIP_FAILURES.cut, t)).toBe('Nous n’avons pas pu faire ce clip. Veuillez réessayer ou choisir un autre moment.');
  });

  it('keeps a reason it does not know, and has its own words when there is none', () => {
    expect(failureText('The recording was removed.', t)).toBe('The recording was removed.');
    expect(failureText(null, t)).toBe('Ce clip n’a pas pu être créé. Supprimez-le et réessayez.');
  });
});
