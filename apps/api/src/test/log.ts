/** A logger that keeps what it is told, for tests that check what reaches the logs. */
export function recordingLog() {
  const entries: { level: 'warn' | 'error'; message: string; details: Record<string, unknown> }[] = [];
  return {
    entries,
    warn(details: object, message: string) {
      entries.push({ level: 'warn', message, details: details as Record<string, unknown> });
    },
    error(details: object, message: string) {
      entries.push({ level: 'error', message, details: details as Record<string, unknown> });
    },
  };
}
