/**
 * People with a profile and group membership, made through the portal's own users API (the way an
 * administrator adds them), so recipient resolution finds them. `seed.addMember` writes only a
 * membership row, which is not enough to receive notifications.
 */

/** An ID token through the portal's /cognito/ proxy (USER_PASSWORD_AUTH, as the browser signs in). */
export async function idToken(portalUrl: string, email: string, password: string): Promise<string> {
  const config = (await (await fetch(`${portalUrl}/config.json`)).json()) as { userPoolClientId: string };
  const answer = await fetch(`${portalUrl}/cognito/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  });
  const token = ((await answer.json()) as { AuthenticationResult?: { IdToken?: string } }).AuthenticationResult?.IdToken;
  if (!token) throw new Error(`No ID token for ${email} (HTTP ${answer.status})`);
  return token;
}

/** One call of the portal's API with a bearer token; throws with the answer on a non-2xx status. */
export async function call<T>(portalUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${portalUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface PersonInput {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  accessLevel?: 'employee' | 'assistant' | 'admin' | 'superadmin';
}

/**
 * As an administrator (their token): adds each person (profile, membership, everyone group) and a
 * user group holding them all. Returns their ids and the group's.
 */
export async function addPeopleInGroup(portalUrl: string, adminToken: string, orgId: string, people: PersonInput[], group: { name: string; color: string }) {
  const userIds: string[] = [];
  for (const person of people) {
    const user = await call<{ id: string }>(portalUrl, adminToken, 'POST', `/organizations/${orgId}/users`, {
      firstname: person.firstname,
      lastname: person.lastname,
      email: person.email,
      password: person.password,
      access_level: person.accessLevel ?? 'employee',
    });
    userIds.push(user.id);
  }
  const created = await call<{ id: string }>(portalUrl, adminToken, 'POST', `/organizations/${orgId}/user-groups`, { ...group, users: userIds });
  return { userIds, groupId: created.id };
}
