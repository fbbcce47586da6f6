import { languageCode } from './whisper-languages';

describe('languageCode', () => {
  it.each([
    ['english', 'en'],
    ['English', 'en'],
    ['haitian creole', 'ht'],
    ['castilian', 'es'],
    ['hawaiian', 'haw'],
    ['de', 'de'],
    ['pt-BR', 'pt'],
    ['zh_Hant', 'zh'],
    ['jw', 'jv'],
    ['klingonese', null],
    ['', null],
  ])('reads %p as %p', (reported, code) => {
    expect(languageCode(reported)).toBe(code);
  });
});
