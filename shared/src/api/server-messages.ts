/**
 * Every product message the API answers with has a stable code, `<group>.<key>`, which the
 * frontend translates by (server-errors:<group>.<key>, frontend/src/app/server-errors/locales); the English text is the spec's wording
 * and stays the `message` of the answer. Each module declares its messages with `serverMessages`
 * (or one with `serverMessage`), which registers them as the module loads: a Lambda registers
 * exactly the messages of the code it carries, so no catalogue of every module is bundled into all.
 * The error handler asks `serverMessageCode` for the code of a refusal that names none itself.
 */
const codeByText = new Map<string, string>();
const textByCode = new Map<string, string>();

function register(code: string, text: string): void {
  const known = textByCode.get(code);
  if (known !== undefined && known !== text) throw new Error(`Server message code ${code} names two texts`);
  textByCode.set(code, text);
  // The same text under two codes (e.g. 'User not found' of users and of devices) answers the first
  // one's code; the locale test holds both to the same translation.
  if (!codeByText.has(text)) codeByText.set(text, code);
}

/** Registers a group of messages under `<group>.<key>` and returns them unchanged. */
export function serverMessages<const T extends Record<string, string>>(group: string, messages: T): T {
  for (const [key, text] of Object.entries(messages)) register(`${group}.${key}`, text);
  return messages;
}

/** Registers one message under its code and returns its text. */
export function serverMessage<const T extends string>(code: `${string}.${string}`, text: T): T {
  register(code, text);
  return text;
}

/** The stable code of a registered message, undefined for any other text (a schema's field message). */
export function serverMessageCode(text: string): string | undefined {
  return codeByText.get(text);
}

/** Every registered message by code, for the locale test. */
export function registeredServerMessages(): ReadonlyMap<string, string> {
  return textByCode;
}

/** What the HTTP layer itself answers, outside any module. */
export const HTTP_MESSAGES = serverMessages('http', {
  notFound: 'Not Found',
  badRequest: 'Bad request',
  internal: 'Internal server error',
  /** A request that did not come through CloudFront (no or a wrong origin secret, decision 0058). */
  directCallRefused: "The API answers only through the portal's own address",
});
