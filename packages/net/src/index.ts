export { NetError, type NetErrorCode } from './errors/net.error';
export { netFailure, originStatusFailure, PageFailure, type PageFailureCode } from './errors/page-failure';
export { asInvalidRequest } from './errors/invalid-request.mapper';
export type { HostLookup } from './policy/host.lookup';
export { PublicUrlPolicy, type PublicUrlPolicyOptions } from './policy/public-url.policy';
export { HttpResponse } from './http/http.response';
export { HttpDownload } from './http/http.download';
export {
  SafeHttpClient,
  type HopRoute,
  type HttpDownloadOptions,
  type HttpRequestOptions,
  type SafeHttpClientOptions,
} from './http/safe-http.client';
export { NetModule } from './net.module';
export { NET_MODULE_OPTIONS } from './net.module-definition';
export type { NetModuleOptions } from './net-options.interface';
export { WebhookSender, type WebhookAttempt, type WebhookDelivery } from './webhooks/webhook.sender';
export { WEBHOOK_RETRY, webhookRetryError } from './webhooks/webhook-retry.policy';
export {
  deliverCallback,
  deliveryQueueOptions,
  type DeliveryRetry,
  type CallbackDelivery,
  type CallbackDeliveryRecord,
  type CallbackOutcome,
  type DeliveryStatus,
  type CallbackAttempt,
} from './webhooks/job-callback';
export { generateWebhookSecret, webhookSigningKey } from './webhooks/webhook-secret.generator';
