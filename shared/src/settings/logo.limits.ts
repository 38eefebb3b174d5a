/** The logo's limits without yup: the settings page checks a file before upload with them (issue 12). */

/** The logo's size limit, in bytes of the image (decision 0019). Its base64 fits well under MAX_BODY_BYTES. */
export const LOGO_MAX_BYTES = 256 * 1024;
/** base64 of LOGO_MAX_BYTES: 4 characters per 3 bytes, padded. */
export const LOGO_MAX_BASE64 = Math.ceil(LOGO_MAX_BYTES / 3) * 4;

/** Raster formats a browser shows everywhere; told apart by their first bytes, never by a name or a header. No SVG: it can carry script. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];
