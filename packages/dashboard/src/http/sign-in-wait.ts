/** How long a client held up by `SignInLimiter` waits, as people read it: "1 second", "40 seconds", "15 minutes". */
export function waitMessage(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
