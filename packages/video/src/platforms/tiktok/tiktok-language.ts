/**
 * A TikTok `LanguageCodeName` (`eng-US`, `cmn-Hans-CN`, `por-BR`) as a canonical language tag,
 * whose language is ISO 639-1 where one exists (`en-US`, `zh-Hans-CN`, `pt-BR`): the CLDR aliases
 * of `Intl` map the three-letter codes TikTok uses. Script and region are kept; a language
 * without a two-letter code (`fil`, `yue`) stays three letters, and a malformed name as it is.
 */
export function tiktokLanguageTag(languageCodeName: string): string {
  const tag = languageCodeName.trim().replace(/_/g, '-');
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? tag;
  } catch {
    return tag;
  }
}
