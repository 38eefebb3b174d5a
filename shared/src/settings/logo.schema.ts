import { object, string, type InferType } from 'yup';
import { serverMessages } from '../api/server-messages.ts';

import { LOGO_CONTENT_TYPES, LOGO_MAX_BASE64, type LogoContentType } from './logo.limits.ts';

export { LOGO_CONTENT_TYPES, LOGO_MAX_BASE64, LOGO_MAX_BYTES, type LogoContentType } from './logo.limits.ts';

/** Refusals, translated by their stable codes `logo.<key>` (server-errors:logo). */
export const LOGO_ERRORS = serverMessages('logo', {
  required: 'Choose an image for the logo',
  notBase64: 'The logo must be sent as base64',
  unsupportedType: 'The logo must be a PNG, JPEG or WebP image',
  tooLarge: 'The logo must be at most 256 KB',
  typeMismatch: 'The file is not the kind of image its name says',
});

/**
 * PUT /settings/logo: the image's bytes as base64 (the API speaks JSON only) and the type the file
 * claims. The service checks type and size on the bytes; a claim the bytes contradict is refused.
 */
export const putLogoSchema = object({
  content_type: string()
    .max(20, LOGO_ERRORS.unsupportedType)
    .oneOf([...LOGO_CONTENT_TYPES], LOGO_ERRORS.unsupportedType)
    .required(LOGO_ERRORS.unsupportedType),
  image: string()
    .max(LOGO_MAX_BASE64, LOGO_ERRORS.tooLarge)
    .matches(/^[A-Za-z0-9+/]*={0,2}$/, LOGO_ERRORS.notBase64)
    .required(LOGO_ERRORS.required),
});
export type PutLogoInput = InferType<typeof putLogoSchema>;

/** GET /settings/logo: the image as a data URL-ready pair, or null when the organisation has none. */
export interface LogoResponse {
  logo: { content_type: LogoContentType; data: string } | null;
}
