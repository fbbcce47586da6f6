/**
 * RFC 6761 §6.3: `localhost` and every name under it are the machine itself, whatever DNS says,
 * so they are refused without a lookup. URL.hostname is already lower-case; a trailing dot is the
 * same name written fully qualified.
 */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
