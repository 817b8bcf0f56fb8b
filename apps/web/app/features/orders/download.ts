import type { FileAnswer } from '../../lib/api-browser';

/** Saves a file the API answered under its own name, as the browser's download. */
export function saveFile({ blob, filename }: Pick<FileAnswer, 'blob' | 'filename'>): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
