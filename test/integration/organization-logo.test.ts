import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@portal/shared/settings/logo.schema';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { MembershipEntity } from '../../functions/src/platform/tenancy/membership.entity.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14, 1)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('the organisation logo', () => {
  let orgId: string;
  let superadmin: string;
  let employee: string;
  let otherAdmin: string;
  const path = () => `/api/organizations/${orgId}/settings/logo`;
  const put = (token: string, image: string, content_type = 'image/png') => callApi('settings', 'PUT', path(), { token, body: { content_type, image } });

  async function person(org: string | undefined, role: 'superadmin' | 'employee', name: string) {
    const email = `${name}-${randomUUID()}@logo.test`;
    const userId = await createIdentity(email, 'Logo-Pass-1!');
    const founded = org ?? (await foundOrganization({ name, timeZone: 'Europe/Berlin', owner: ownerOf(userId, [role], email) }));
    if (org) await MembershipEntity.create({ orgId: org, userId, roles: [role] }).go();
    return { orgId: founded, token: await signIn(email, 'Logo-Pass-1!') };
  }

  beforeAll(async () => {
    const owner = await person(undefined, 'superadmin', 'logo-owner');
    orgId = owner.orgId;
    superadmin = owner.token;
    employee = (await person(orgId, 'employee', 'logo-employee')).token;
    otherAdmin = (await person(undefined, 'superadmin', 'logo-other')).token;
  });

  it('reads as none before an upload', async () => {
    expect(await callApi('settings', 'GET', path(), { token: employee })).toMatchObject({ status: 200, body: { logo: null } });
  });

  it('is uploaded by a superadmin, stored in the data directory, and read by every member', async () => {
    const uploaded = await put(superadmin, PNG.toString('base64'));
    expect(uploaded).toMatchObject({ status: 200, body: { logo: { content_type: 'image/png', data: PNG.toString('base64') } } });
    const file = join(inject('runtime').dataDir, 'assets', 'orgs', orgId, 'logo');
    expect(readFileSync(file).equals(PNG)).toBe(true);
    expect(await callApi('settings', 'GET', path(), { token: employee })).toMatchObject({
      status: 200,
      body: { logo: { content_type: 'image/png', data: PNG.toString('base64') } },
    });
    // A WebP replaces it, its type again read off its bytes.
    expect((await put(superadmin, WEBP.toString('base64'), 'image/webp')).body).toMatchObject({ logo: { content_type: 'image/webp' } });
  });

  it.each([
    ['an SVG', SVG.toString('base64'), 'logo.unsupportedType', 'The logo must be a PNG, JPEG or WebP image'],
    ['text named like a PNG', Buffer.from('PNG but not really').toString('base64'), 'logo.unsupportedType', 'The logo must be a PNG, JPEG or WebP image'],
    ['a PNG over 256 KB', Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]).toString('base64'), 'logo.tooLarge', 'The logo must be at most 256 KB'],
    ['a PNG just over 256 KB once decoded', Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES - PNG.length + 1)]).toString('base64'), 'logo.tooLarge', 'The logo must be at most 256 KB'],
    ['text that is not base64', 'not base64!', 'logo.notBase64', 'The logo must be sent as base64'],
    ['base64 of a wrong length', 'iVBORw0KGgo', 'logo.notBase64', 'The logo must be sent as base64'],
    ['a WebP sent as a PNG', WEBP.toString('base64'), 'logo.typeMismatch', 'The file is not the kind of image its name says'],
    ['an SVG sent as what it is', SVG.toString('base64'), 'logo.unsupportedType', 'The logo must be a PNG, JPEG or WebP image', 'image/svg+xml'],
  ])('refuses %s with 400 and a stable code', async (_, image, code, message, contentType = 'image/png') => {
    const before = await callApi('settings', 'GET', path(), { token: superadmin });
    const answer = await put(superadmin, image, contentType);
    expect(answer).toMatchObject({ status: 400, body: { code, message } });
    expect((await callApi('settings', 'GET', path(), { token: superadmin })).body).toEqual(before.body);
  });

  it("refuses an employee and another organisation's superadmin (403), for upload and removal", async () => {
    const image = PNG.toString('base64');
    expect((await put(employee, image)).status).toBe(403);
    expect((await put(otherAdmin, image)).status).toBe(403);
    expect((await callApi('settings', 'DELETE', path(), { token: employee })).status).toBe(403);
    expect((await callApi('settings', 'DELETE', path(), { token: otherAdmin })).status).toBe(403);
    expect((await callApi('settings', 'GET', path(), { token: otherAdmin })).status).toBe(403);
  });

  it('is removed by a superadmin, and removing twice is no error', async () => {
    await put(superadmin, PNG.toString('base64'));
    expect((await callApi('settings', 'DELETE', path(), { token: superadmin })).status).toBe(204);
    expect((await callApi('settings', 'DELETE', path(), { token: superadmin })).status).toBe(204);
    expect(existsSync(join(inject('runtime').dataDir, 'assets', 'orgs', orgId, 'logo'))).toBe(false);
    expect((await callApi('settings', 'GET', path(), { token: employee })).body).toEqual({ logo: null });
  });
});
