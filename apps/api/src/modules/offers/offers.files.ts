import { OFFER_FILE_KINDS } from '@promptmarket/contracts/offers';
import type { FileKind } from '../../lib/file-kinds';

/** The kinds of file an offer may be uploaded as: the spec's list, shared with the web. */
export const offerFileKinds: FileKind[] = [...OFFER_FILE_KINDS];

/**
 * The kinds an offer's stored file is read as when it is downloaded, which names and types the
 * download: the uploads' kinds, and WebP, which offers were once uploaded as.
 */
export const storedOfferFileKinds: FileKind[] = [...OFFER_FILE_KINDS, 'webp'];
