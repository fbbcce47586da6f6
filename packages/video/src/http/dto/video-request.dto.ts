import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, Matches, MaxLength } from 'class-validator';
import {
  HttpUrlField,
  NO_CONTROL_CHARACTERS_PATTERN,
  NoControlCharacters,
  OptionalField,
} from '@quarry/http';
import { LANGUAGE_PATTERN, VIDEO_MODES, type VideoMode } from '../../domain/video-request';
import { VIDEO_URL_PATTERN } from '../../domain/video-url';

export class VideoProcessRequestDto {
  @HttpUrlField({
    description:
      'A public YouTube (watch, youtu.be, shorts, embed, live; m. and music. hosts), Instagram (reel, reels, p, tv) or TikTok (@user/video/<id>, vm./vt. short links) video URL.',
    example: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    pattern: VIDEO_URL_PATTERN,
  })
  url!: string;

  @ApiPropertyOptional({
    description:
      'native: the platform captions only; generate: speech-to-text of the audio; auto: captions, else speech-to-text.',
    enum: VIDEO_MODES,
    default: 'auto',
  })
  @OptionalField()
  @IsIn(VIDEO_MODES)
  mode?: VideoMode;

  @ApiPropertyOptional({
    description:
      'Preferred transcript language: an ISO 639-1 code, optionally with a region or script (pt-BR, zh-Hant). A caption track of the exact code is preferred, then one of the same base language.',
    pattern: LANGUAGE_PATTERN,
    example: 'en',
  })
  @OptionalField()
  @IsString()
  @Matches(new RegExp(LANGUAGE_PATTERN), {
    message: '$property must be an ISO 639-1 code, optionally with a region, e.g. en or pt-BR',
  })
  language?: string;

  @ApiPropertyOptional({
    description: 'Skip the cache read; the fresh transcript is still cached.',
    default: false,
  })
  @OptionalField()
  @IsBoolean()
  forceFresh?: boolean;

  @HttpUrlField({
    description:
      'Public http(s) URL that receives the finished job as a signed POST (Standard Webhooks). A host that does not resolve yet is accepted; each delivery checks it again.',
    optional: true,
  })
  callbackUrl?: string;

  @ApiPropertyOptional({
    description: 'Sent back as the x-callback-token header of the callback; needs callbackUrl.',
    maxLength: 256,
    pattern: NO_CONTROL_CHARACTERS_PATTERN,
  })
  @OptionalField()
  @IsString()
  @MaxLength(256)
  @NoControlCharacters()
  callbackToken?: string;
}
