import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const HEX = { pattern: '^#[0-9a-f]{6}$', example: '#5b21b6' };
const LOGO_SOURCES = [
  'inline-svg',
  'header-image',
  'json-ld',
  'css-background',
  'picture',
  'apple-touch-icon',
  'manifest',
  'og-image',
];
const PLATFORMS = [
  'twitter',
  'github',
  'linkedin',
  'youtube',
  'instagram',
  'facebook',
  'tiktok',
  'mastodon',
  'discord',
  'pinterest',
  'threads',
  'bluesky',
];

export class BrandLogoDto {
  @ApiProperty({
    type: String,
    format: 'uri',
    nullable: true,
    description: 'The image; null for an inline SVG.',
  })
  url!: string | null;

  @ApiPropertyOptional({
    description: 'data: URI of an inline SVG.',
    example: 'data:image/svg+xml;base64,PHN2Zy...',
  })
  dataUri?: string;

  @ApiPropertyOptional({
    description: 'SVG markup of an inline SVG, currentColor and stylesheet colours written in.',
  })
  svg?: string;

  @ApiProperty({
    enum: ['logo', 'symbol', 'icon'],
    description: 'icon: an app icon, never picked as the logo.',
  })
  type!: string;

  @ApiProperty({ enum: ['light', 'dark'], nullable: true, description: 'The background it is drawn for.' })
  theme!: string | null;

  @ApiProperty({ type: String, nullable: true, enum: ['svg', 'png', 'jpg', 'webp', 'gif', 'avif', 'ico'] })
  format!: string | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'CSS pixels.' })
  width!: number | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'CSS pixels.' })
  height!: number | null;

  @ApiProperty({ enum: LOGO_SOURCES })
  source!: string;

  @ApiProperty({ type: 'number', minimum: 0, maximum: 1, example: 0.9 })
  confidence!: number;

  @ApiProperty({
    type: [String],
    example: ['named logo or brand', 'links to the home page', 'in the header'],
  })
  reasons!: string[];
}

export class BrandIconDto {
  @ApiProperty({ format: 'uri' })
  url!: string;

  @ApiProperty({ example: 'apple-touch-icon', description: 'The link rel, or manifest for a manifest icon.' })
  rel!: string;

  @ApiProperty({ type: String, nullable: true, example: '180x180' })
  sizes!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'image/png' })
  type!: string | null;
}

export class BrandColorDto {
  @ApiProperty(HEX)
  hex!: string;

  @ApiProperty({ enum: ['primary', 'secondary', 'accent', 'background', 'text', 'link'] })
  role!: string;

  @ApiProperty({
    enum: [
      'button',
      'css-variable',
      'theme-color',
      'background',
      'canvas',
      'text',
      'link',
      'heading',
      'logo',
    ],
  })
  source!: string;

  @ApiProperty({ type: 'number', minimum: 0, maximum: 1 })
  weight!: number;
}

export class BrandFontDto {
  @ApiProperty({
    example: 'Nunito Sans',
    description:
      'The family the site names: the first family of the computed font-family stack that is not a generic keyword; a generic keyword only when the stack names no family.',
  })
  family!: string;

  @ApiProperty({ enum: ['heading', 'body', 'code'] })
  role!: string;

  @ApiProperty({ type: 'integer', isArray: true, example: [400, 700] })
  weights!: number[];

  @ApiProperty({
    enum: ['google', 'custom', 'system'],
    description:
      'google: a Google Fonts face; custom: another web font (@font-face); system: named without a web font face, or generic.',
  })
  origin!: string;

  @ApiProperty({
    description:
      'Whether `family` drew the text: a web font face that loaded, or a family installed on the rendering machine.',
  })
  rendered!: boolean;

  @ApiProperty({
    example: 'DejaVu Sans',
    description:
      'The family that drew the text: `family` when rendered, else the first family of the stack that could (a generic keyword at worst).',
  })
  renderedFamily!: string;
}

export class BrandTypographyDto {
  @ApiProperty({ type: String, nullable: true })
  headingFamily!: string | null;

  @ApiProperty({ type: String, nullable: true })
  bodyFamily!: string | null;

  @ApiProperty({ type: 'number', nullable: true, example: 16 })
  baseSizePx!: number | null;
}

export class BrandButtonDto {
  @ApiProperty(HEX)
  background!: string;

  @ApiProperty(HEX)
  text!: string;

  @ApiProperty({ example: '8px', description: 'The computed top-left corner radius.' })
  borderRadius!: string;
}

export class BrandComponentsDto {
  @ApiProperty({ type: BrandButtonDto, nullable: true })
  buttonPrimary!: BrandButtonDto | null;
}

export class BrandImagesDto {
  @ApiProperty({ type: String, format: 'uri', nullable: true })
  ogImage!: string | null;

  @ApiProperty({ type: String, format: 'uri', nullable: true, description: 'Never falls back to ogImage.' })
  twitterImage!: string | null;
}

export class SocialLinkDto {
  @ApiProperty({ enum: PLATFORMS })
  platform!: string;

  @ApiProperty({ format: 'uri' })
  url!: string;
}

export class BrandProfileDto {
  @ApiProperty({ format: 'uri', description: 'As requested.' })
  url!: string;

  @ApiProperty({ format: 'uri', description: 'After redirects.' })
  finalUrl!: string;

  @ApiProperty({ example: 'example.com', description: "The final URL's hostname." })
  domain!: string;

  @ApiProperty({ type: String, nullable: true })
  name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'en' })
  language!: string | null;

  @ApiProperty({ enum: ['light', 'dark'] })
  colorScheme!: string;

  @ApiProperty({ type: String, nullable: true, ...HEX })
  themeColor!: string | null;

  @ApiProperty({ type: BrandLogoDto, nullable: true, description: 'null when the site has no logo.' })
  logo!: BrandLogoDto | null;

  @ApiProperty({ type: [BrandLogoDto] })
  logos!: BrandLogoDto[];

  @ApiProperty({ type: [BrandIconDto] })
  icons!: BrandIconDto[];

  @ApiProperty({ type: [BrandColorDto] })
  colors!: BrandColorDto[];

  @ApiProperty({ type: [BrandFontDto] })
  fonts!: BrandFontDto[];

  @ApiProperty({ type: BrandTypographyDto })
  typography!: BrandTypographyDto;

  @ApiProperty({ type: BrandComponentsDto })
  components!: BrandComponentsDto;

  @ApiProperty({ type: BrandImagesDto })
  images!: BrandImagesDto;

  @ApiProperty({ type: [SocialLinkDto] })
  socialLinks!: SocialLinkDto[];
}

export class BrandResponseDto {
  @ApiProperty({ type: BrandProfileDto })
  brand!: BrandProfileDto;
}

export class BrandErrorBodyDto {
  @ApiProperty({
    enum: [
      'AUTH_REQUIRED',
      'URL_NOT_FOUND',
      'UNREADABLE_CONTENT',
      'ORIGIN_ERROR',
      'TIMEOUT',
      'SCRAPE_FAILED',
    ],
  })
  error!: string;

  @ApiProperty()
  message!: string;

  @ApiProperty({ format: 'uri', description: 'The URL as requested.' })
  url!: string;
}
