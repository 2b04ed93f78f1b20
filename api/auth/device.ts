import Bowser from 'bowser';

// The name of a signed-in device in the guest's list (issue 29, item 5): the browser and system its
// User-Agent names, through a maintained parser (bowser). Never the raw header: it is long and says
// more than the guest needs; null when nothing is recognised.

const MAX_HEADER = 512;

export function deviceLabel(userAgent: string | undefined | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent.slice(0, MAX_HEADER));
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = parsed.os.name ?? '';
  const label = browser && system ? `${browser} · ${system}` : browser || system;
  return label ? label.slice(0, 80) : null;
}
