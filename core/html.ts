// The one HTML (and XML) escaper: text put between tags or inside a quoted attribute.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
