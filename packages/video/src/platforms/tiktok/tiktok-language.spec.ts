import { tiktokLanguageTag } from './tiktok-language';

describe('tiktokLanguageTag', () => {
  it.each([
    ['eng-US', 'en-US'],
    ['cmn-Hans-CN', 'zh-Hans-CN'],
    ['por-BR', 'pt-BR'],
    ['spa-ES', 'es-ES'],
    ['deu-DE', 'de-DE'],
    ['ara-SA', 'ar-SA'],
    ['ind-ID', 'id-ID'],
    ['jpn-JP', 'ja-JP'],
    ['eng', 'en'],
    ['en-GB', 'en-GB'],
    ['fil-PH', 'fil-PH'],
    ['yue-HK', 'yue-HK'],
    ['ENG_us', 'en-US'],
    ['ger-DE', 'de-DE'],
    ['not a tag!', 'not a tag!'],
  ])('reads %s as %s', (name, tag) => {
    expect(tiktokLanguageTag(name)).toBe(tag);
  });
});
