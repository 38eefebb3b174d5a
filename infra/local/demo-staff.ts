/* The demo staff, in a module of their own without imports: the browser tests' fixture reads their e-mails before the functions' environment is set. */

/** The demo shop's staff: employees of the demo organisation, three on early shifts and three on late ones. */
export const DEMO_STAFF = [
  { firstname: 'Anna', lastname: 'Berg', email: 'anna.berg@demo.local' },
  { firstname: 'Ben', lastname: 'Keller', email: 'ben.keller@demo.local' },
  { firstname: 'Clara', lastname: 'Hoffmann', email: 'clara.hoffmann@demo.local' },
  { firstname: 'David', lastname: 'Novak', email: 'david.novak@demo.local' },
  { firstname: 'Elif', lastname: 'Yilmaz', email: 'elif.yilmaz@demo.local' },
  { firstname: 'Felix', lastname: 'Wagner', email: 'felix.wagner@demo.local' },
] as const;

/** A demo employee: DEMO_STAFF's names, an e-mail in some domain. */
export interface DemoPerson {
  readonly firstname: (typeof DEMO_STAFF)[number]['firstname'];
  readonly lastname: string;
  readonly email: string;
}

/** The domain of DEMO_STAFF's e-mails, the one `npm start` seeds. */
export const DEMO_STAFF_DOMAIN = 'demo.local';

/**
 * DEMO_STAFF with e-mails in `domain` (DEMO_STAFF itself for the default): the browser tests seed
 * the demo once per test file, and a sign-in identity that belonged to two organisations would
 * behave differently (the organisation chooser), so each file's staff are identities of their own.
 */
export function demoStaff(domain: string = DEMO_STAFF_DOMAIN): readonly DemoPerson[] {
  if (domain === DEMO_STAFF_DOMAIN) return DEMO_STAFF;
  return DEMO_STAFF.map((person) => ({ ...person, email: person.email.replace(`@${DEMO_STAFF_DOMAIN}`, `@${domain}`) }));
}
