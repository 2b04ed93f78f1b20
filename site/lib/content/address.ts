// A destination's address as one line: the street address, its locality and its region, each said
// once. Editors often end the street address with the town (as a guest writes it on an envelope), so
// a part that the line already ends with is not added again ("..., Ubud, Gianyar" + "Gianyar").

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('id');

export function addressLine(location: { streetAddress: string; locality: string; region: string }): string {
  const parts: string[] = [];
  for (const part of [location.streetAddress, location.locality, location.region]) {
    const clean = part.trim().replace(/\s+/g, ' ');
    if (!clean) continue;
    const line = norm(parts.join(', '));
    const piece = norm(clean);
    if (line === piece || line.endsWith(`, ${piece}`)) continue;
    parts.push(clean);
  }
  return parts.join(', ');
}
