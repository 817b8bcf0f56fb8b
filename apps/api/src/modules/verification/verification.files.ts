import type { FileKind } from '../../lib/file-kinds';

/**
 * The kinds an identity document may be, a picture or a PDF: decided from its content at upload,
 * and read again from its content when it is downloaded, which names and types the download.
 */
export const documentKinds: FileKind[] = ['jpeg', 'png', 'gif', 'webp', 'pdf'];
