import type { CaptionTrack } from './video';

/**
 * The caption track a job transcribes (docs/api.md §7): the requested language's manual track, else its
 * auto-generated one; without a requested language, or when the video has neither, the track the
 * platform names as default, else the manual track in the language of the auto-generated one, else
 * the first manual track, else the first auto-generated one. A language matches its exact code
 * first (`pt-BR`), then any track of the same base language (`pt`, `pt-PT`), without regard to case.
 */
export function chooseCaptionTrack(tracks: CaptionTrack[], language?: string): CaptionTrack | undefined {
  const manual = tracks.filter((track) => !track.generated);
  const generated = tracks.filter((track) => track.generated);
  if (language) {
    const requested = inLanguage(manual, language) ?? inLanguage(generated, language);
    if (requested) return requested;
  }
  return (
    tracks.find((track) => track.isDefault) ??
    (generated[0] && inLanguage(manual, generated[0].languageCode)) ??
    manual[0] ??
    generated[0]
  );
}

/** The languages of the video's caption tracks, each once, in the platform's order. */
export function availableLanguages(tracks: CaptionTrack[]): string[] {
  return [...new Set(tracks.map((track) => track.languageCode))];
}

function inLanguage(tracks: CaptionTrack[], language: string): CaptionTrack | undefined {
  const wanted = language.toLowerCase();
  const base = baseLanguage(wanted);
  return (
    tracks.find((track) => track.languageCode.toLowerCase() === wanted) ??
    tracks.find((track) => baseLanguage(track.languageCode) === base)
  );
}

/** `pt` of `pt-BR` (or `PT-br`). */
export function baseLanguage(language: string): string {
  return language.split('-')[0].toLowerCase();
}
