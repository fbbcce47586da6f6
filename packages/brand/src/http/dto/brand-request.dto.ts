import { HttpUrlField, TimeoutMsField } from '@quarry/http';

export class BrandRequestDto {
  @HttpUrlField({
    description: 'A public http(s) URL: the page whose brand is profiled, usually the home page.',
    example: 'https://example.com/',
  })
  url!: string;

  @TimeoutMsField(
    'Budget of the whole request in milliseconds: waiting for a browser page, loading and measuring.',
  )
  timeoutMs?: number;
}
