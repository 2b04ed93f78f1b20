// An address as one line: its parts (street, town, province) joined, each said once. A street address
// often names the town already (as a guest writes it on an envelope), so a part that is already one of
// the line's comma-separated pieces is not added again ("..., Ubud, Gianyar" + "Gianyar";
// "..., Gianyar, Bali" + "Gianyar"); a town inside a longer piece ("Jl. Batu Tulis" + "Batu") is not one.

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('id');

export function addressLine(parts: readonly (string | null | undefined)[]): string {
  const kept: string[] = [];
  for (const part of parts) {
    const clean = (part ?? '').trim().replace(/\s+/g, ' ');
    if (!clean) continue;
    const piece = norm(clean);
    if (kept.some((k) => k.split(',').some((said) => norm(said) === piece))) continue;
    kept.push(clean);
  }
  return kept.join(', ');
}
