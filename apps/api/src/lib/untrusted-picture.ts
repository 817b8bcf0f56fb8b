import sharp, { type Sharp, type SharpOptions } from 'sharp';

/** The most pixels a picture from outside may have: a decompression bomb is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * How long sharp may work on one picture from outside, decoding and encoding included: several times
 * what the largest picture allowed (`MAX_INPUT_PIXELS`) takes to re-encode as WebP on a small
 * server, so that only a crafted file reaches it.
 */
export const PICTURE_TIME_LIMIT_SECONDS = 20;

/**
 * sharp for a picture that came from outside (an upload, a stored original): at most
 * MAX_INPUT_PIXELS, and stopped after `seconds`, so a crafted file costs its own request and one
 * thread of libuv's pool for that long, never more (decision 0045). The pipeline's output
 * (`toBuffer()`) throws when the picture is too large or took too long.
 */
export function untrustedPicture(
  input: Buffer,
  options: Omit<SharpOptions, 'limitInputPixels'> = {},
  seconds = PICTURE_TIME_LIMIT_SECONDS,
): Sharp {
  return sharp(input, { ...options, limitInputPixels: MAX_INPUT_PIXELS }).timeout({ seconds });
}
