import type { FileKind } from '../../lib/file-kinds';

/**
 * The kinds of file an offer may carry: decided from its content at upload, and read again from
 * its content when it is downloaded, which names and types the download.
 */
export const offerFileKinds: FileKind[] = ['jpeg', 'png', 'gif', 'webp', 'svg', 'pdf', 'doc', 'docx'];
