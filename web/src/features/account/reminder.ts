/** The session reminder's clock: prompts fall every N minutes since login, so a reload does not move them. */
const MINUTE = 60_000;

export const REMINDER_CHOICES = [15, 30, 60] as const;

/** The first prompt time strictly after `now` (all in the server's clock). */
export function nextPromptAt(since: number, now: number, minutes: number): number {
  const every = minutes * MINUTE;
  if (every <= 0) return Number.POSITIVE_INFINITY;
  const done = Math.max(0, Math.floor((now - since) / every));
  return since + (done + 1) * every;
}

/** Whole minutes played since login. */
export function minutesPlayed(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / MINUTE));
}
