/** A logger that keeps what it is told, for tests that check what reaches the logs. */
export function recordingLog() {
  const entries: { level: 'info' | 'warn' | 'error'; message: string; details: Record<string, unknown> }[] =
    [];
  return {
    entries,
    info(details: object, message: string) {
      entries.push({ level: 'info', message, details: details as Record<string, unknown> });
    },
    warn(details: object, message: string) {
      entries.push({ level: 'warn', message, details: details as Record<string, unknown> });
    },
    error(details: object, message: string) {
      entries.push({ level: 'error', message, details: details as Record<string, unknown> });
    },
  };
}
