/** A length in seconds as a clock reads it: `m:ss` under an hour, `h:mm:ss` from an hour. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * A time in the recording as a producer types it: `h:mm:ss`, `m:ss` or plain seconds (`90`, `90.5`).
 * Undefined for anything else, seconds of 60 and over included (`1:75` is a typo, not 2:15).
 */
export function parseDuration(text: string): number | undefined {
  const value = text.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const parts = /^(?:(\d+):(\d{2}):|(\d+):)(\d{2}(?:\.\d+)?)$/.exec(value);
  if (!parts) return undefined;
  const [, hours, hourMinutes, minutes, seconds] = parts;
  if (Number(seconds) >= 60 || Number(hourMinutes ?? 0) >= 60) return undefined;
  // Without hours the first part counts minutes and may pass 59 (`95:00` is an hour and 35 minutes).
  return hours !== undefined ? Number(hours) * 3600 + Number(hourMinutes) * 60 + Number(seconds) : Number(minutes) * 60 + Number(seconds);
}
