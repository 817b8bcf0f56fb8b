import { chmod, lstat, opendir } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database, identity documents and the mail folder (password-reset
 * links): none of it is for the other users of the machine. Folders are 0700, files 0600.
 */
export const OWNER_ONLY_FOLDER = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/** How many files and folders the start-up check looks at, at most: a start never waits on a huge tree. */
export const CHECKED_ENTRIES = 20_000;

/**
 * From now on, what this process creates is its owner's alone (umask 077), whatever umask it was
 * started with: the embedded database writes its files as 0666 and leaves the rest to the umask.
 */
export function createOwnerOnly(): void {
  process.umask(0o077);
}

export type Narrowed = {
  /** Files and folders whose modes were narrowed. */
  fixed: number;
  /** Files and folders looked at. */
  checked: number;
  /** False when the walk stopped at its limit, with more left unchecked. */
  complete: boolean;
};

function isGone(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Takes away the group's and others' access to `root` and everything under it: a tree written
 * under a looser umask, or copied in. Looks at `limit` entries at most. Symbolic links are neither
 * followed nor changed (their own mode means nothing); an entry that goes away meanwhile is skipped.
 */
export async function narrowToOwner(root: string, limit = CHECKED_ENTRIES): Promise<Narrowed> {
  const result: Narrowed = { fixed: 0, checked: 0, complete: true };
  const folders: string[] = [];
  const narrow = async (entry: string) => {
    const stats = await lstat(entry);
    result.checked += 1;
    if (stats.isSymbolicLink()) return;
    const folder = stats.isDirectory();
    if (folder) folders.push(entry);
    if ((stats.mode & 0o077) === 0) return;
    // A folder keeps its owner's search bit, or nothing under it could be reached.
    await chmod(entry, folder ? OWNER_ONLY_FOLDER : stats.mode & 0o700);
    result.fixed += 1;
  };
  try {
    await narrow(root);
  } catch (error) {
    if (isGone(error)) return result;
    throw error;
  }
  for (let folder = folders.shift(); folder !== undefined; folder = folders.shift()) {
    let entries: Awaited<ReturnType<typeof opendir>>;
    try {
      entries = await opendir(folder);
    } catch (error) {
      if (isGone(error)) continue;
      throw error;
    }
    for await (const entry of entries) {
      if (result.checked >= limit) {
        result.complete = false;
        return result;
      }
      await narrow(path.join(folder, entry.name)).catch((error) => {
        if (!isGone(error)) throw error;
      });
    }
  }
  return result;
}

/**
 * Keeps DATA_DIR its owner's alone: what the process creates from now on (`createOwnerOnly`), and,
 * given a log, what is there already (`narrowToOwner`), saying how many modes it narrowed.
 */
export async function keepDataDirPrivate(dataDir: string, log?: (line: string) => void): Promise<void> {
  createOwnerOnly();
  if (!log) return;
  const { fixed, complete } = await narrowToOwner(dataDir);
  if (fixed > 0) {
    log(
      `DATA_DIR: ${fixed} files and folders that other users of this machine could read are now the owner's alone (files 0600, folders 0700).`,
    );
  }
  if (!complete) {
    log(
      `DATA_DIR: only its first ${CHECKED_ENTRIES} files and folders were checked; to check the rest: chmod -R go-rwx ${dataDir}`,
    );
  }
}
