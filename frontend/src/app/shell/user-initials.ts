export interface UserNames {
  firstname?: string;
  lastname?: string;
  email?: string;
}

const first = (text: string | undefined) => (text?.trim() ?? '').charAt(0);

/** 'Ada Lovelace' -> 'AL'; without names the email's local part ('ada.lovelace@x' -> 'AL', 'admin@x' -> 'A'). */
export function userInitials({ firstname, lastname, email }: UserNames): string {
  const fromNames = `${first(firstname)}${first(lastname)}`;
  if (fromNames) return fromNames.toUpperCase();
  const local = email?.split('@')[0] ?? '';
  const parts = local.split(/[._\-+]+/).filter(Boolean);
  const fromEmail = parts.length > 1 ? `${first(parts[0])}${first(parts[1])}` : first(parts[0]);
  return fromEmail ? fromEmail.toUpperCase() : '?';
}

export function displayName({ firstname, lastname, email }: UserNames): string {
  const name = [firstname?.trim(), lastname?.trim()].filter(Boolean).join(' ');
  return name || email || '';
}
