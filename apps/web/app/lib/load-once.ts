/**
 * Code fetched on demand, asked for once by all who need it and remembered once it has come. A
 * failed download is forgotten, so the next to ask tries again.
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load(): Promise<T> {
      loading ??= load().then(
        (value) => {
          loaded = value;
          return value;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    /** What has come so far, or null. */
    loaded: (): T | null => loaded,
  };
}
