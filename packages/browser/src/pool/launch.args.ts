import type { OptionCheck } from '@quarry/core';
/**
 * Flags without which a page could send traffic around the checking proxy: QUIC, and WebRTC's
 * UDP (STUN, TURN, host candidates) straight to any address. Measured: with the WebRTC policy a
 * page's peer connections and WebTransport send no datagram at all. A remote browser must have them too.
 */
export const BROWSER_CONTAINMENT_ARGS = [
  '--disable-quic',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
] as const;

/** Flags measured to keep headless Chromium quiet and contained here (see the README). */
const BASE_ARGS = [
  ...BROWSER_CONTAINMENT_ARGS,
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--disable-domain-reliability',
  '--no-pings',
];

/** Flags that would take the network policy or the profile out of the pool's hands. */
const RESERVED = [
  '--proxy-',
  '--no-proxy-server',
  '--user-data-dir',
  '--remote-debugging-',
  '--host-resolver-rules',
];

export function chromiumArgs(proxyUrl: string, extraArgs: readonly string[]): string[] {
  return [...BASE_ARGS, ...extraArgs, `--proxy-server=${proxyUrl}`, '--proxy-bypass-list=<-loopback>'];
}

/** The `extraArgs` option's check: strings, none overriding a flag the pool relies on. */
export const extraArgsOption: OptionCheck = (value) => {
  if (!Array.isArray(value) || !value.every((arg) => typeof arg === 'string')) return 'an array of strings';
  const reserved = value.find((arg: string) => RESERVED.some((prefix) => arg.startsWith(prefix)));
  return reserved ? `free of ${(reserved as string).split('=')[0]} (the browser pool owns it)` : undefined;
};
