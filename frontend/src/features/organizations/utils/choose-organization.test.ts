import { describe, expect, it } from 'vitest';
import type { OrganizationSummary } from '@portal/shared/organizations/organizations.schema';
import { chooseOrganization, findOrganization } from './choose-organization.ts';

function org(id: string, name: string): OrganizationSummary {
  return { id, name, time_zone: 'Europe/Berlin', roles: ['admin'] };
}

const demo = org('org-demo', 'Demo Organization');
const acme = org('org-acme', 'Acme');
const zeta = org('org-zeta', 'Zeta');

describe('chooseOrganization', () => {
  it('reports none when the user belongs to no organisation', () => {
    expect(chooseOrganization([], 'org-demo')).toEqual({ kind: 'none' });
  });

  it('opens the only organisation, whatever was remembered or asked', () => {
    expect(chooseOrganization([demo], undefined)).toEqual({ kind: 'open', orgId: 'org-demo' });
    expect(chooseOrganization([demo], 'org-gone', true)).toEqual({ kind: 'open', orgId: 'org-demo' });
  });

  it('opens the remembered organisation among several', () => {
    expect(chooseOrganization([demo, acme], 'org-acme')).toEqual({ kind: 'open', orgId: 'org-acme' });
  });

  it('lets the user choose, sorted by name, when nothing valid is remembered', () => {
    const choice = chooseOrganization([zeta, demo, acme], 'org-gone');
    expect(choice).toEqual({ kind: 'choose', organizations: [acme, demo, zeta] });
  });

  it('shows the chooser when asked, even with a remembered choice', () => {
    expect(chooseOrganization([demo, acme], 'org-acme', true).kind).toBe('choose');
  });

  it('does not reorder the caller’s list', () => {
    const list = [zeta, acme];
    chooseOrganization(list, undefined);
    expect(list).toEqual([zeta, acme]);
  });
});

describe('findOrganization', () => {
  it('finds by id only', () => {
    expect(findOrganization([demo, acme], 'org-acme')).toBe(acme);
    expect(findOrganization([demo, acme], 'Acme')).toBeUndefined();
  });
});
