/** Text for HTML: every character that could open markup or end an attribute, as a character reference. */
export const escapeHtml = (value: unknown) => String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
