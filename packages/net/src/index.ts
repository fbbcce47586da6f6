export { NetError, isPolicyRejection, type NetErrorCode } from './errors/net.error';
export { asInvalidRequest } from './errors/invalid-request.mapper';
export type { HostLookup } from './policy/host.lookup';
export { isPublicAddress } from './policy/public-address.predicate';
export { HTTP_URL_PATTERN, PublicUrlPolicy, type PublicUrlPolicyOptions } from './policy/public-url.policy';
export { HttpResponse } from './http/http.response';
export { HttpDownload } from './http/http.download';
export {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_USER_AGENT,
  SafeHttpClient,
  type HopRoute,
  type HttpDownloadOptions,
  type HttpRequestOptions,
  type SafeHttpClientOptions,
} from './http/safe-http.client';
export { NetModule } from './net.module';
export { NET_MODULE_OPTIONS } from './net.module-definition';
export type { NetModuleOptions } from './net-options.interface';
export {
  WEBHOOK_RESPONSE_MAX_BYTES,
  WEBHOOK_TIMEOUT_MS,
  WebhookSender,
  type WebhookAttempt,
  type WebhookDelivery,
} from './webhooks/webhook.sender';
export { WEBHOOK_RETRY, webhookRetryError } from './webhooks/webhook-retry.policy';
export {
  generateWebhookSecret,
  isWebhookSecret,
  WEBHOOK_SECRET_PATTERN,
} from './webhooks/webhook-secret.generator';
export { MAX_RETRY_AFTER_MS, parseRetryAfter } from './webhooks/retry-after.parser';
