import { LOGO_ERRORS, LOGO_MAX_BYTES, type LogoContentType, type LogoResponse, type PutLogoInput } from '@portal/shared/settings/logo.schema';
import { createHash } from 'node:crypto';
import { recordChange, settingsChange, type AuditActor } from '../audit/public.ts';
import { InvalidInputError } from '../platform/errors/domain-errors.ts';
import { objectStorage, type StoredObject } from '../platform/storage/object-storage.ts';
import { logoContentType } from './logo-format.ts';

/** Where an organisation's logo is stored (S3 key, or the path under the local assets directory). */
export const logoKey = (orgId: string) => `orgs/${orgId}/logo`;

/** A refusal on the image, with its message's stable code (`logo.<key>`). */
const refuse = (message: string) => InvalidInputError.onField('image', message);

/** The organisation's logo, or null when none was uploaded. */
export async function getLogo(orgId: string): Promise<LogoResponse> {
  const stored = await objectStorage().get(logoKey(orgId));
  if (!stored) return { logo: null };
  return { logo: { content_type: stored.contentType as LogoContentType, data: Buffer.from(stored.bytes).toString('base64') } };
}

/** Stores a new logo after checking its bytes: a PNG, JPEG or WebP (by magic bytes, as the upload claims) of at most 256 KB. */
export async function putLogo(orgId: string, input: PutLogoInput, actor: AuditActor): Promise<LogoResponse> {
  // The schema allowed only base64 characters; a length that is no multiple of 4 is still not base64.
  if (input.image.length % 4 !== 0) throw refuse(LOGO_ERRORS.notBase64);
  const bytes = new Uint8Array(Buffer.from(input.image, 'base64'));
  if (bytes.length === 0) throw refuse(LOGO_ERRORS.required);
  if (bytes.length > LOGO_MAX_BYTES) throw refuse(LOGO_ERRORS.tooLarge);
  const contentType = logoContentType(bytes);
  if (!contentType) throw refuse(LOGO_ERRORS.unsupportedType);
  if (contentType !== input.content_type) throw refuse(LOGO_ERRORS.typeMismatch);
  const before = await objectStorage().get(logoKey(orgId));
  await objectStorage().put(logoKey(orgId), { bytes, contentType });
  await recordChange(orgId, actor, logoChange(before, { bytes, contentType }));
  return { logo: { content_type: contentType, data: input.image } };
}

export async function removeLogo(orgId: string, actor: AuditActor): Promise<void> {
  const before = await objectStorage().get(logoKey(orgId));
  await objectStorage().remove(logoKey(orgId));
  await recordChange(orgId, actor, logoChange(before, undefined));
}

/** A logo as the audit trail names it: its type, size and the start of its SHA-256, so a replaced image reads as changed. */
const logoText = (logo: StoredObject | undefined) =>
  logo && `${logo.contentType}, ${logo.bytes.length} bytes, sha256 ${createHash('sha256').update(logo.bytes).digest('hex').slice(0, 12)}`;

/** The logo is part of general settings' page (field `logo`); removing none records nothing. */
const logoChange = (before: StoredObject | undefined, after: StoredObject | undefined) => settingsChange('general', { logo: logoText(before) }, { logo: logoText(after) });
