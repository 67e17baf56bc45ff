/**
 * How long a presigned download link lives. At most 15 minutes (DESIGN §2: "a short expiry"; a link is handed out per
 * request and a fresh one is one call away), 15 minutes by default. A longer request is a programming
 * error, refused rather than silently shortened, so the caller's promise to its client stays true.
 */
export const maxLinkSeconds = 900;

export function linkExpirySeconds(requested: number | undefined): number {
  if (requested === undefined) return maxLinkSeconds;
  if (!Number.isInteger(requested) || requested < 1 || requested > maxLinkSeconds) {
    throw new RangeError(
      `a download link lives 1 to ${maxLinkSeconds} whole seconds, not ${String(requested)}`,
    );
  }
  return requested;
}
