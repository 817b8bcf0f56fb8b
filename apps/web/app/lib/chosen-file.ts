/**
 * The file chosen in a file input, from the value a form holds for it (a `FileList`), or null
 * when none is chosen or the one chosen is empty.
 */
export function chosenFile(files: unknown): File | null {
  const list = files as ArrayLike<File> | null | undefined;
  const file = list && typeof list === 'object' && 'length' in list ? list[0] : undefined;
  return file && file.size > 0 ? file : null;
}
