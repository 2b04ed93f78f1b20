/** Fill `{name}` placeholders. Kept apart from the dictionaries so islands can use it without shipping them. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
