/** Date and time in the user's language and time zone. */
export const formatDateTime = (value: Date, language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(value);
export const formatDate = (value: Date, language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(value);
export const formatTime = (value: Date, language: string) => new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(value);
