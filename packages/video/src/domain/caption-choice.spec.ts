import { availableLanguages, chooseCaptionTrack } from './caption-choice';
import type { CaptionTrack } from './video';

const track = (languageCode: string, generated = false, isDefault = false): CaptionTrack => ({
  languageCode,
  name: null,
  generated,
  isDefault,
  needsToken: false,
  url: `https://captions.example/${languageCode}/${generated ? 'asr' : 'manual'}`,
});

describe('chooseCaptionTrack', () => {
  const enAuto = track('en', true);
  const enManual = track('en');
  const deManual = track('de');
  const frDefault = track('fr', false, true);
  const ptBr = track('pt-BR');
  const ptPt = track('pt-PT');

  it("takes the requested language's manual track over its auto-generated one", () => {
    expect(chooseCaptionTrack([enAuto, deManual, enManual], 'en')).toBe(enManual);
  });

  it("takes the requested language's auto-generated track when it has no manual one", () => {
    expect(chooseCaptionTrack([deManual, enAuto, frDefault], 'en')).toBe(enAuto);
  });

  it('matches the exact code first, then the same base language, without regard to case', () => {
    expect(chooseCaptionTrack([ptPt, ptBr], 'PT-br')).toBe(ptBr);
    expect(chooseCaptionTrack([deManual, ptPt], 'pt-BR')).toBe(ptPt);
    expect(chooseCaptionTrack([deManual, ptBr], 'pt')).toBe(ptBr);
  });

  it('falls back to the default track when the requested language has no track', () => {
    expect(chooseCaptionTrack([deManual, frDefault, enAuto], 'ja')).toBe(frDefault);
  });

  it('without a language: the default, else the manual track in the auto track language, else the first manual, else the first auto', () => {
    expect(chooseCaptionTrack([deManual, frDefault, enAuto])).toBe(frDefault);
    expect(chooseCaptionTrack([deManual, enAuto, enManual])).toBe(enManual);
    expect(chooseCaptionTrack([enAuto, deManual, track('fr')])).toBe(deManual);
    expect(chooseCaptionTrack([enAuto, track('de', true)])).toBe(enAuto);
    expect(chooseCaptionTrack([])).toBeUndefined();
  });
});

describe('availableLanguages', () => {
  it("lists each caption track's language once, in the platform's order", () => {
    expect(availableLanguages([track('en', true), track('de'), track('en'), track('pt-BR')])).toEqual([
      'en',
      'de',
      'pt-BR',
    ]);
  });
});
