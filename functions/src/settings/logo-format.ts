import type { LogoContentType } from '@portal/shared/settings/logo.schema';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);

/**
 * The image type by its first bytes (the magic numbers), never by a file name or a content-type
 * header: PNG's 8-byte signature, JPEG's SOI marker, WebP's RIFF....WEBP header. Anything else
 * (SVG, GIF, HTML, a script) is undefined.
 */
export function logoContentType(bytes: Uint8Array): LogoContentType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length >= 12 && startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}
