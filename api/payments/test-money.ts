// Test helpers: read the money a guest reads back into numbers, to check that listed lines add up
// to the total shown (e-mail tests here, tests/e2e/payment-trust.e2e.ts in the browser).

/** "Rp 1.250.000" / "-Rp 10.000" (core/money.ts formatRupiah) back to a number; throws on any other shape. */
export function rupiah(label: string): number {
  const m = /^(-?)Rp (\d{1,3}(?:\.\d{3})*)$/.exec(label.trim());
  if (!m) throw new Error(`not a Rupiah amount: ${JSON.stringify(label)}`);
  return (m[1] ? -1 : 1) * Number(m[2].replace(/\./g, ''));
}

/**
 * The lines under a plain-text e-mail's payment heading ("Payment:", then "  Label: Rp ..." lines);
 * the last one is the total.
 */
export function textPaymentLines(text: string, heading: string) {
  const lines = text.split('\n');
  const from = lines.indexOf(`${heading}:`);
  if (from < 0) throw new Error(`no "${heading}:" heading in the e-mail`);
  const block: { label: string; amount: number }[] = [];
  for (const line of lines.slice(from + 1)) {
    if (!line.startsWith('  ')) break;
    const [label, value] = line.trim().split(/: (?=-?Rp )/);
    block.push({ label, amount: rupiah(value) });
  }
  const total = block.pop();
  if (!total) throw new Error('no payment lines');
  return { lines: block, total };
}
