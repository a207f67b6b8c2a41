// Reading the links people arrive with (an email's ?token=...): the router parses search values as
// JSON, so a token made of digits arrives as a number.
export const tokenParam = (value: unknown): string | undefined => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
