import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** A number generator seeded from text: the same prompt always draws the same picture. */
function seededRandom(text: string) {
  let state = createHash('sha256').update(text).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 1_000_000) / 1_000_000;
  };
}

const defaultPalettes: [string, string, string][] = [
  ['#1e1b4b', '#7c3aed', '#f472b6'],
  ['#0f172a', '#0ea5e9', '#fde68a'],
  ['#052e16', '#16a34a', '#fef08a'],
  ['#3b0764', '#c026d3', '#fdba74'],
  ['#172554', '#2563eb', '#a5f3fc'],
];

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The demo image engine: draws a 1024x1024 abstract picture from a prompt (sky gradient, a
 * glowing sun, drifting shapes, layered hills), labelled as a demo in its corner. Same prompt,
 * same picture. Returns PNG bytes.
 */
export async function renderDemoImage(prompt: string, palette?: [string, string, string]): Promise<Buffer> {
  const random = seededRandom(prompt);
  const [deep, middle, light] =
    palette ?? defaultPalettes[Math.floor(random() * defaultPalettes.length)] ?? defaultPalettes[0]!;
  const sunX = 200 + random() * 624;
  const sunY = 180 + random() * 300;
  const sunR = 90 + random() * 120;
  const shapes = Array.from({ length: 14 }, () => {
    const x = random() * 1024;
    const y = random() * 700;
    const r = 10 + random() * 70;
    const opacity = (0.08 + random() * 0.25).toFixed(2);
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${light}" opacity="${opacity}"/>`;
  }).join('');
  const hills = [0, 1, 2]
    .map((layer) => {
      const base = 640 + layer * 110;
      const points = Array.from({ length: 9 }, (_, index) => {
        const x = index * 128;
        const y = base - random() * 120;
        return `${x},${y.toFixed(0)}`;
      });
      const fill = layer === 0 ? middle : deep;
      const opacity = (0.55 + layer * 0.2).toFixed(2);
      return `<polygon points="0,1024 ${points.join(' ')} 1024,${base} 1024,1024" fill="${fill}" opacity="${opacity}"/>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${deep}"/><stop offset="0.6" stop-color="${middle}"/><stop offset="1" stop-color="${light}"/>
    </linearGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="${light}" stop-opacity="1"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1024" height="1024" fill="url(#sky)"/>
  <circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${(sunR * 2.2).toFixed(0)}" fill="url(#sun)" opacity="0.7"/>
  <circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${sunR.toFixed(0)}" fill="${light}" opacity="0.9"/>
  ${shapes}${hills}
  <text x="1000" y="1000" text-anchor="end" font-family="sans-serif" font-size="22" fill="#ffffff" opacity="0.75">${escapeXml('PromptMarket demo engine')}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
