// Draws the subjects: each one's art and colours, where it stands, and the cliff or shadow under it.
import { foodAndDrink } from './scene';
import { type Context, f, SIZE } from './scene-canvas';
import { mix, pick, timed } from './scene-colours';
import type { Subject } from './scene-words';

// Subjects, drawn in a 100x100 box standing on its bottom edge. `body` is their colour, `detail`
// the lit or contrasting parts (windows, eyes, a lantern).
type SubjectArt = (body: string, detail: string, accent: string) => string;

const subjectArt: Record<Subject, SubjectArt> = {
  cat: (body, detail) =>
    `<path d="M22 92C6 92 4 70 14 60" fill="none" stroke="${body}" stroke-width="7" stroke-linecap="round"/><ellipse cx="42" cy="76" rx="24" ry="22" fill="${body}"/><rect x="22" y="88" width="44" height="12" rx="6" fill="${body}"/><ellipse cx="56" cy="56" rx="13" ry="18" fill="${body}"/><circle cx="60" cy="36" r="15" fill="${body}"/><path d="M47 31L49 12L61 23ZM60 23L73 12L74 33Z" fill="${body}"/><circle cx="55" cy="35" r="2.2" fill="${detail}"/><circle cx="66" cy="35" r="2.2" fill="${detail}"/>`,
  dog: (body, detail) =>
    `<path d="M24 50C14 42 12 32 16 24" fill="none" stroke="${body}" stroke-width="6" stroke-linecap="round"/><rect x="20" y="44" width="58" height="26" rx="13" fill="${body}"/><rect x="24" y="58" width="9" height="40" rx="3" fill="${body}"/><rect x="36" y="58" width="9" height="40" rx="3" fill="${body}"/><rect x="60" y="58" width="9" height="40" rx="3" fill="${body}"/><rect x="71" y="58" width="9" height="40" rx="3" fill="${body}"/><path d="M66 50L72 30L84 30L80 52Z" fill="${body}"/><circle cx="80" cy="28" r="12" fill="${body}"/><rect x="82" y="25" width="17" height="11" rx="5" fill="${body}"/><ellipse cx="74" cy="27" rx="5" ry="11" fill="${body}" transform="rotate(15 74 27)"/><circle cx="84" cy="24" r="2" fill="${detail}"/><circle cx="98" cy="28" r="2.4" fill="${detail}"/>`,
  rabbit: (body, detail) =>
    `<ellipse cx="44" cy="78" rx="26" ry="20" fill="${body}"/><circle cx="20" cy="76" r="8" fill="${body}"/><circle cx="66" cy="58" r="15" fill="${body}"/><ellipse cx="60" cy="28" rx="6" ry="22" fill="${body}" transform="rotate(-12 60 28)"/><ellipse cx="72" cy="28" rx="6" ry="22" fill="${body}" transform="rotate(10 72 28)"/><ellipse cx="50" cy="96" rx="16" ry="4" fill="${body}"/><circle cx="71" cy="55" r="2.2" fill="${detail}"/>`,
  bird: (body, detail) =>
    `<path d="M50 56C40 38 24 30 3 33C20 40 32 50 42 62ZM50 56C60 38 76 30 97 33C80 40 68 50 58 62Z" fill="${body}"/><ellipse cx="50" cy="62" rx="10" ry="7" fill="${body}"/><circle cx="50" cy="53" r="6" fill="${body}"/><path d="M47 68L50 78L53 68Z" fill="${body}"/><path d="M48 50L50 45L52 50Z" fill="${detail}"/>`,
  fish: (body, detail) =>
    `<path d="M70 50L96 30L92 50L96 70Z" fill="${body}"/><ellipse cx="44" cy="50" rx="32" ry="19" fill="${body}"/><path d="M36 32L50 16L60 33Z" fill="${body}"/><path d="M42 68L52 80L58 66Z" fill="${body}"/><circle cx="25" cy="46" r="3.5" fill="${detail}"/><path d="M58 36Q64 50 58 64" fill="none" stroke="${detail}" stroke-width="2" opacity="0.6"/>`,
  elephant: (body, detail) =>
    `<path d="M14 48q-6 10 -4 22" fill="none" stroke="${body}" stroke-width="3" stroke-linecap="round"/><ellipse cx="44" cy="54" rx="32" ry="23" fill="${body}"/><rect x="18" y="60" width="12" height="38" rx="4" fill="${body}"/><rect x="32" y="62" width="12" height="36" rx="4" fill="${body}"/><rect x="52" y="62" width="12" height="36" rx="4" fill="${body}"/><rect x="64" y="60" width="12" height="38" rx="4" fill="${body}"/><circle cx="78" cy="44" r="16" fill="${body}"/><path d="M90 46C98 58 97 76 92 92" fill="none" stroke="${body}" stroke-width="8" stroke-linecap="round"/><ellipse cx="70" cy="47" rx="11" ry="15" fill="${mix(body, '#000000', 0.18)}"/><path d="M86 58q5 6 11 4" fill="none" stroke="${detail}" stroke-width="3" stroke-linecap="round"/><circle cx="84" cy="40" r="1.8" fill="#1b1b1b"/>`,
  deer: (body, detail) =>
    `<path d="M76 18L70 3M73 10L65 7M82 18L88 3M85 10L93 7" fill="none" stroke="${detail}" stroke-width="3" stroke-linecap="round"/><rect x="22" y="44" width="52" height="22" rx="11" fill="${body}"/><rect x="26" y="56" width="6" height="42" rx="2" fill="${body}"/><rect x="36" y="56" width="6" height="42" rx="2" fill="${body}"/><rect x="62" y="56" width="6" height="42" rx="2" fill="${body}"/><rect x="70" y="56" width="6" height="42" rx="2" fill="${body}"/><path d="M63 52L70 22L81 24L76 54Z" fill="${body}"/><ellipse cx="80" cy="24" rx="10" ry="7" fill="${body}"/><path d="M86 22L96 26L88 30Z" fill="${body}"/><ellipse cx="72" cy="18" rx="3" ry="6" fill="${body}" transform="rotate(-30 72 18)"/><path d="M22 46l-5 -5 6 1Z" fill="${body}"/><circle cx="83" cy="22" r="1.6" fill="#1b1b1b"/>`,
  octopus: (body, detail) =>
    `${[18, 30, 42, 58, 70, 82].map((x, i) => `<path d="M${x < 50 ? x + 12 : x - 12} 58C${x} 72 ${x + (i % 2 ? 10 : -10)} 80 ${x} 96" fill="none" stroke="${body}" stroke-width="7" stroke-linecap="round"/>`).join('')}<path d="M24 62C20 22 80 22 76 62Z" fill="${body}"/><circle cx="40" cy="48" r="5" fill="${detail}"/><circle cx="60" cy="48" r="5" fill="${detail}"/><circle cx="41" cy="49" r="2.2" fill="#1b1b1b"/><circle cx="59" cy="49" r="2.2" fill="#1b1b1b"/>`,
  dragon: (body, detail) =>
    `<path d="M20 80C8 82 2 72 8 64C4 74 12 76 22 72Z" fill="${body}"/><path d="M18 74C30 60 50 58 64 64L72 88L60 90L54 76L40 78L36 92L24 92L26 78Z" fill="${body}"/><path d="M58 62C62 46 66 34 76 26L86 26L94 32L84 34L78 40C74 48 70 58 68 66Z" fill="${body}"/><path d="M76 26L74 16L80 24ZM84 26L86 16L88 27Z" fill="${body}"/><path d="M40 62C34 40 30 26 16 10C34 14 48 24 54 40C58 30 64 22 72 20C62 34 58 48 56 62Z" fill="${body}" opacity="0.92"/><circle cx="83" cy="29" r="1.8" fill="${detail}"/>`,
  tree: (body) =>
    `<rect x="45" y="58" width="10" height="42" rx="2" fill="${mix(body, '#3b2614', 0.7)}"/><circle cx="50" cy="38" r="25" fill="${body}"/><circle cx="31" cy="52" r="16" fill="${body}"/><circle cx="69" cy="52" r="16" fill="${body}"/><circle cx="50" cy="56" r="14" fill="${body}"/>`,
  flower: (body, detail) =>
    `<path d="M50 100C50 80 48 64 50 46" fill="none" stroke="#3f8f4a" stroke-width="4"/><path d="M50 78C40 70 30 72 26 78C36 84 44 82 50 78Z" fill="#3f8f4a"/>${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="50" cy="24" rx="9" ry="15" fill="${body}" transform="rotate(${a} 50 38)"/>`).join('')}<circle cx="50" cy="38" r="8" fill="${detail}"/>`,
  house: (body, detail, accent) =>
    `<rect x="20" y="50" width="60" height="50" fill="${body}"/><rect x="64" y="22" width="9" height="22" fill="${mix(accent, '#000000', 0.2)}"/><path d="M12 54L50 18L88 54Z" fill="${accent}"/><rect x="44" y="72" width="13" height="28" fill="${mix(body, '#000000', 0.45)}"/><rect x="26" y="62" width="13" height="12" fill="${detail}"/><rect x="63" y="62" width="13" height="12" fill="${detail}"/>`,
  castle: (body, detail, accent) =>
    `<rect x="14" y="52" width="72" height="48" fill="${body}"/><path d="M14 52v-6h8v6h8v-6h8v6h8v-6h8v6h8v-6h8v6h8v-6h4v6Z" fill="${body}"/><rect x="6" y="32" width="18" height="68" fill="${body}"/><rect x="76" y="32" width="18" height="68" fill="${body}"/><rect x="38" y="22" width="24" height="34" fill="${body}"/><path d="M4 33L15 10L26 33ZM74 33L85 10L96 33ZM36 23L50 0L64 23Z" fill="${accent}"/><path d="M42 100V84a8 8 0 0 1 16 0V100Z" fill="${mix(body, '#000000', 0.55)}"/><rect x="12" y="44" width="6" height="10" fill="${detail}"/><rect x="82" y="44" width="6" height="10" fill="${detail}"/><rect x="47" y="32" width="6" height="10" fill="${detail}"/>`,
  lighthouse: (body, detail, accent) =>
    `<path d="M40 100L44 34H56L60 100Z" fill="${body}"/><path d="M42.6 62L57.4 62L58.2 74L41.8 74ZM41.2 84L58.8 84L59.4 94L40.6 94ZM43.8 42L56.2 42L56.8 52L43.2 52Z" fill="${accent}"/><rect x="38" y="30" width="24" height="5" fill="${mix(body, '#000000', 0.5)}"/><rect x="43" y="17" width="14" height="13" fill="${detail}"/><path d="M41 18L59 18L50 7Z" fill="${accent}"/>`,
  ship: (body, detail, accent) =>
    `<path d="M6 70L94 70L82 90L18 90Z" fill="${mix(accent, '#2a1a10', 0.4)}"/><rect x="48" y="8" width="3.5" height="62" fill="${mix(accent, '#000000', 0.5)}"/><path d="M52 12L52 64L86 62C80 44 70 26 52 12Z" fill="${body}"/><path d="M47 18L47 64L18 62C24 46 34 30 47 18Z" fill="${body}"/><path d="M51 8L64 12L51 16Z" fill="${detail}"/><circle cx="30" cy="80" r="2.5" fill="${detail}"/><circle cx="50" cy="80" r="2.5" fill="${detail}"/><circle cx="70" cy="80" r="2.5" fill="${detail}"/>`,
  tower: (body, detail, accent) =>
    `<rect x="38" y="30" width="24" height="70" fill="${body}"/><rect x="34" y="26" width="32" height="6" fill="${mix(body, '#000000', 0.3)}"/><path d="M36 27L50 2L64 27Z" fill="${accent}"/><circle cx="50" cy="42" r="7" fill="${detail}"/><path d="M50 42V37M50 42H54" stroke="${mix(body, '#000000', 0.6)}" stroke-width="1.5"/><rect x="46" y="60" width="8" height="12" fill="${detail}"/><path d="M44 100V86a6 6 0 0 1 12 0V100Z" fill="${mix(body, '#000000', 0.5)}"/>`,
  rocket: (body, detail, accent) =>
    `<path d="M42 74L50 99L58 74Z" fill="#ffb23f"/><path d="M45 74L50 90L55 74Z" fill="#fff1b8"/><path d="M38 54L24 78L38 72ZM62 54L76 78L62 72Z" fill="${accent}"/><path d="M50 4C63 18 65 42 62 74L38 74C35 42 37 18 50 4Z" fill="${body}"/><path d="M50 4C56 10 59 16 61 22L39 22C41 16 44 10 50 4Z" fill="${accent}"/><circle cx="50" cy="38" r="7" fill="${detail}" stroke="${mix(body, '#000000', 0.4)}" stroke-width="2"/>`,
  vehicle: (body, detail) =>
    `<path d="M8 84V46Q8 36 18 36H82Q92 36 92 46V84Z" fill="${body}"/><rect x="8" y="68" width="84" height="5" fill="${mix(body, '#000000', 0.25)}"/><path d="M14 42h16v16h-16ZM34 42h16v16h-16ZM54 42h16v16h-16ZM74 42h12v16h-12Z" fill="${detail}"/><circle cx="26" cy="86" r="8" fill="#22242a"/><circle cx="74" cy="86" r="8" fill="#22242a"/><circle cx="26" cy="86" r="3" fill="#9aa0aa"/><circle cx="74" cy="86" r="3" fill="#9aa0aa"/>`,
  person: (body) =>
    `<circle cx="50" cy="17" r="9" fill="${body}"/><path d="M37 30Q50 25 63 30L68 64L59 64L58 98L51.5 98L50 68L48.5 98L42 98L41 64L32 64Z" fill="${body}"/>`,
  cup: (body, detail, accent) =>
    `<ellipse cx="50" cy="94" rx="38" ry="6" fill="${mix(body, '#000000', 0.15)}"/><path d="M72 50a13 13 0 0 1 0 26" fill="none" stroke="${body}" stroke-width="6"/><path d="M22 42L78 42L72 88Q50 96 28 88Z" fill="${body}"/><ellipse cx="50" cy="42" rx="28" ry="6" fill="${accent}"/><path d="M40 30q-6 -8 0 -16q6 -8 0 -14M56 30q-6 -8 0 -16q6 -8 0 -14" fill="none" stroke="${detail}" stroke-width="3" stroke-linecap="round" opacity="0.7"/>`,
  // A tall glass of a cold drink: ice, a straw, no steam. `body` is the drink.
  glass: (body, detail, accent) =>
    `<ellipse cx="50" cy="95" rx="24" ry="4" fill="#000000" opacity="0.15"/><path d="M33 36L67 36L64 92Q50 97 36 92Z" fill="${body}"/><rect x="39" y="42" width="11" height="11" rx="2" fill="${detail}" opacity="0.75" transform="rotate(12 44 47)"/><rect x="51" y="52" width="10" height="10" rx="2" fill="${detail}" opacity="0.75" transform="rotate(-10 56 57)"/><path d="M57 38L67 4" stroke="${accent}" stroke-width="4" stroke-linecap="round"/><path d="M30 22L70 22L64 94Q50 99 36 94Z" fill="#ffffff" opacity="0.22" stroke="#8c98a4" stroke-width="2"/>`,
  // A stemmed glass of wine or a cocktail. `body` is the drink.
  wineglass: (body, detail) =>
    `<ellipse cx="50" cy="95" rx="22" ry="4" fill="#000000" opacity="0.15"/><path d="M29 34Q31 56 50 58Q69 56 71 34Z" fill="${body}"/><path d="M27 10Q25 56 50 60Q75 56 73 10Z" fill="#ffffff" opacity="0.22" stroke="#8c98a4" stroke-width="2"/><rect x="48" y="60" width="4" height="30" fill="${detail}" opacity="0.85" stroke="#8c98a4" stroke-width="1"/><ellipse cx="50" cy="92" rx="17" ry="4" fill="${detail}" opacity="0.85" stroke="#8c98a4" stroke-width="1.5"/><path d="M33 18Q32 32 36 42" fill="none" stroke="#ffffff" stroke-width="3" stroke-linecap="round" opacity="0.7"/>`,
  // A round flask with a cork, the potion glowing in it. `body` is the potion.
  bottle: (body, detail, accent) =>
    `<ellipse cx="50" cy="96" rx="26" ry="4" fill="#000000" opacity="0.15"/><path d="M25.5 66A25 25 0 0 0 74.5 66Z" fill="${body}"/><circle cx="50" cy="68" r="26" fill="#ffffff" opacity="0.2" stroke="#8c98a4" stroke-width="2"/><rect x="42" y="22" width="16" height="22" fill="#ffffff" opacity="0.25" stroke="#8c98a4" stroke-width="2"/><rect x="40" y="12" width="20" height="11" rx="2" fill="${accent}"/><circle cx="42" cy="76" r="3" fill="${detail}" opacity="0.8"/><circle cx="56" cy="82" r="2.2" fill="${detail}" opacity="0.8"/><circle cx="50" cy="72" r="1.6" fill="${detail}" opacity="0.8"/><path d="M36 58Q40 50 46 48" fill="none" stroke="#ffffff" stroke-width="3" stroke-linecap="round" opacity="0.7"/>`,
  // Ice cream on a waffle cone. `body` is the scoops.
  icecream: (body, detail, accent) =>
    `<path d="M33 50L67 50L50 98Z" fill="${accent}"/><path d="M38 58L58 78M44 52L62 70M36 66L54 84M62 58L42 78M56 52L38 70M64 66L46 84" stroke="${mix(accent, '#000000', 0.25)}" stroke-width="1.5"/><circle cx="50" cy="26" r="14" fill="${mix(body, '#ffffff', 0.35)}"/><circle cx="50" cy="44" r="18" fill="${body}"/><path d="M36 50Q38 60 41 52Q44 62 47 53Q50 60 53 53Q57 61 60 52Q62 58 64 50Z" fill="${body}"/><circle cx="44" cy="38" r="1.8" fill="${detail}"/><circle cx="56" cy="42" r="1.8" fill="#2f9e57"/><circle cx="50" cy="22" r="1.8" fill="#d6343a"/>`,
  // A round pie in its tin, a lattice over the top. `body` is the crust.
  pie: (body, detail, accent) =>
    `<ellipse cx="50" cy="94" rx="44" ry="5" fill="#000000" opacity="0.15"/><path d="M8 70L92 70L85 90Q50 96 15 90Z" fill="${accent}"/><path d="M10 72Q50 40 90 72Z" fill="${body}"/><path d="M26 60L40 72M38 53L56 72M52 50L72 72M66 53L80 66M74 60L60 72M62 53L44 72M48 50L28 72M36 53L20 66" stroke="${detail}" stroke-width="3" stroke-linecap="round"/><path d="M10 72Q50 76 90 72" fill="none" stroke="${detail}" stroke-width="4" stroke-linecap="round"/><path d="M44 38q-5 -7 0 -13q5 -7 0 -12M58 38q-5 -7 0 -13q5 -7 0 -12" fill="none" stroke="#ffffff" stroke-width="3" stroke-linecap="round" opacity="0.6"/>`,
  cake: (body, detail, accent) =>
    `<ellipse cx="50" cy="95" rx="44" ry="6" fill="#f4f4f6"/><rect x="16" y="52" width="68" height="42" rx="5" fill="${body}"/><rect x="16" y="70" width="68" height="6" fill="${accent}"/><path d="M16 56Q16 46 50 46Q84 46 84 56L84 60Q78 66 74 60Q68 68 62 60Q56 68 50 60Q44 68 38 60Q32 68 26 60Q20 66 16 60Z" fill="${detail}"/><circle cx="50" cy="40" r="7" fill="#d6343a"/><path d="M50 33q3 -6 8 -8" fill="none" stroke="#3f8f4a" stroke-width="2"/>`,
};

const subjectColours: Record<Subject, [string, string, string]> = {
  cat: ['#e0893c', '#1d2a1d', '#e0893c'],
  dog: ['#b5804f', '#1c1410', '#b5804f'],
  rabbit: ['#f1ede6', '#3a2a2a', '#f1ede6'],
  bird: ['#34425a', '#f2b233', '#34425a'],
  fish: ['#f28c28', '#1b1b1b', '#f28c28'],
  elephant: ['#8d8f96', '#f4efe2', '#8d8f96'],
  deer: ['#a8744a', '#e9dcc5', '#a8744a'],
  octopus: ['#b0445a', '#f6e7c8', '#b0445a'],
  dragon: ['#6b4fc9', '#ffd34d', '#6b4fc9'],
  tree: ['#3f8f4a', '#3f8f4a', '#3f8f4a'],
  flower: ['#f06a8a', '#f6c744', '#f06a8a'],
  house: ['#e3cfa8', '#ffd97a', '#a8483a'],
  castle: ['#d8d0c2', '#ffd97a', '#3d5a9e'],
  lighthouse: ['#f4f1ea', '#ffe27a', '#c8363b'],
  ship: ['#f3efe4', '#ffd97a', '#8a5a34'],
  tower: ['#c9b48f', '#f7f1dc', '#5b6b8c'],
  rocket: ['#e8ebf1', '#7fd3ff', '#d6343a'],
  vehicle: ['#f2c230', '#cfe6f5', '#f2c230'],
  person: ['#2f3a4a', '#2f3a4a', '#2f3a4a'],
  cup: ['#f4efe6', '#ffffff', '#6b3e26'],
  glass: ['#f4d35e', '#ffffff', '#e2474b'],
  wineglass: ['#7b1630', '#ffffff', '#ffffff'],
  bottle: ['#8a4fd8', '#ffffff', '#a0734a'],
  cake: ['#f3d5b5', '#fff6f0', '#e86a8a'],
  pie: ['#d9a35b', '#a8692f', '#9aa0aa'],
  icecream: ['#f6b5c8', '#ffffff', '#d9a35b'],
};

/** Where a subject goes: its box's top-left corner and size, from what it is and the ground. */
function placement(
  context: Context,
  subject: Subject,
  main: boolean,
): { x: number; y: number; size: number } {
  const { horizon, random, scene } = context;
  const water = scene.ground.includes('sea') || scene.ground.includes('lake');
  const indoors = scene.ground.includes('interior');
  let size = main ? 380 : 200;
  let centre = main ? 512 + (random() - 0.5) * 260 : context.subjectX < 512 ? 780 : 240;
  let bottom = indoors ? 900 : horizon + (main ? 230 : 170);
  if (subject === 'bird' || subject === 'dragon') {
    bottom = main ? 600 : 330;
    size = main ? 560 : 200;
  } else if (subject === 'octopus' && water) {
    bottom = SIZE - 10;
    size = main ? 460 : 240;
  } else if (subject === 'fish' && water) {
    bottom = Math.min(SIZE - 20, horizon + (main ? 320 : 220));
  } else if (subject === 'fish') {
    bottom = horizon;
  } else if (subject === 'ship' && water) {
    bottom = horizon + (main ? 150 : 60);
    size = main ? 360 : 170;
  } else if (subject === 'rocket' && scene.ground.includes('space')) {
    bottom = 560 + random() * 120;
  } else if (subject === 'lighthouse' || subject === 'tower' || subject === 'castle') {
    size = main ? 460 : 260;
    bottom = horizon + (water ? 130 : 150);
    if (water && subject === 'lighthouse') centre = context.subjectX < 512 && !main ? 800 : 300;
  } else if (subject === 'house' || subject === 'tree') {
    size = main ? 360 : 220;
  } else if (indoors && (foodAndDrink.has(subject) || subject === 'flower')) {
    size = main ? 420 : 220;
    bottom = main ? 960 : 900;
  }
  if (scene.ground.includes('pattern') || scene.ground.includes('fluid')) {
    size = main ? 420 : 0;
    bottom = 760;
    centre = 512;
  }
  if (main) context.subjectX = centre;
  return { x: centre - size / 2, y: bottom - size, size };
}

export function subjectLayer(context: Context, subject: Subject, main: boolean): string {
  const { scene } = context;
  const { x, y, size } = placement(context, subject, main);
  if (size === 0) return '';
  const [defaultBody, defaultDetail, defaultAccent] = subjectColours[subject];
  const named = scene.subjectColours[main ? 0 : 1] ?? undefined;
  let body = named ?? defaultBody;
  let accent =
    named && (subject === 'lighthouse' || subject === 'house' || subject === 'castle')
      ? named
      : subject === 'cup'
        ? (scene.drink ?? defaultAccent)
        : defaultAccent;
  if (
    named &&
    (subject === 'lighthouse' || subject === 'house' || subject === 'castle' || subject === 'ship')
  )
    body = defaultBody;
  let detail = defaultDetail;
  if (context.backlit && scene.style !== 'line') {
    body = mix(body, '#0b0d1a', 0.62);
    accent = mix(accent, '#0b0d1a', 0.65);
    if (!['house', 'castle', 'lighthouse', 'tower', 'ship', 'rocket', 'vehicle'].includes(subject))
      detail = mix(detail, '#0b0d1a', 0.6);
  }
  const parts: string[] = [];
  const scale = size / 100;
  // Ground under what stands: a cliff under a lighthouse by the sea, a shadow under the rest.
  if (subject === 'lighthouse' && scene.ground.includes('sea')) {
    const rock = timed(context, '#5a5148');
    // A cliff of rock stepping down to the water on both sides.
    const top = y + size * 0.97;
    const cliff = [
      [x - size * 0.45, SIZE],
      [x - size * 0.3, top + size * 0.25],
      [x - size * 0.05, top + size * 0.14],
      [x + size * 0.1, top + size * 0.02],
      [x + size * 0.35, top - size * 0.02],
      [x + size * 0.75, top],
      [x + size * 0.95, top + size * 0.1],
      [x + size * 1.15, top + size * 0.22],
      [x + size * 1.4, SIZE],
    ];
    parts.push(
      `<polygon points="${cliff.map(([px, py]) => `${f(px as number)},${f(py as number)}`).join(' ')}" fill="${rock}"${context.outline ? ` stroke="${context.outline}" stroke-width="5" stroke-linejoin="round"` : ''}/><polygon points="${f(x + size * 0.35)},${f(top)} ${f(x + size * 0.75)},${f(top)} ${f(x + size * 0.95)},${f(top + size * 0.1)} ${f(x + size * 0.6)},${f(top + size * 0.3)}" fill="#000000" opacity="0.18"/>`,
    );
    if (context.night || scene.storm) {
      const lx = x + size * 0.5;
      const ly = y + size * 0.235;
      parts.push(
        `<path d="M${f(lx)} ${f(ly)}L${f(lx < 512 ? SIZE + 100 : -100)} ${f(ly - 160)}L${f(lx < 512 ? SIZE + 100 : -100)} ${f(ly + 80)}Z" fill="#fff3b0" opacity="0.28"/>`,
      );
    }
  } else if (
    !['bird', 'dragon', 'fish', 'octopus'].includes(subject) &&
    !(subject === 'rocket' && scene.ground.includes('space')) &&
    !(subject === 'ship' && scene.ground.includes('sea'))
  ) {
    parts.push(
      `<ellipse cx="${f(x + size / 2)}" cy="${f(y + size * 0.985)}" rx="${f(size * 0.42)}" ry="${f(size * 0.04)}" fill="#000000" opacity="0.22"/>`,
    );
  }
  let art: string;
  if (subject === 'person' && scene.portrait && main) {
    const skin = mix(
      pick(context.random, ['#f1c7a5', '#d9a47a', '#a86f4c', '#6e4630']),
      '#0b0d1a',
      context.backlit ? 0.6 : 0,
    );
    const hair = accent === body ? mix(body, '#000000', 0.45) : accent;
    const long = scene.seed % 2 === 0;
    const dark = mix(skin, '#000000', 0.6);
    art = `${long ? `<path d="M26 40C24 16 38 8 50 8C62 8 76 16 74 40L78 78L22 78Z" fill="${hair}"/>` : ''}<path d="M8 100C10 76 28 66 50 66C72 66 90 76 92 100Z" fill="${body}"/><rect x="43" y="50" width="14" height="20" fill="${mix(skin, '#000000', 0.15)}"/><ellipse cx="50" cy="36" rx="17" ry="21" fill="${skin}"/><path d="M32 36C30 14 44 9 52 10C64 11 72 20 68 36C63 25 56 21 46 23C40 25 35 29 32 36Z" fill="${hair}"/><circle cx="43.5" cy="38" r="1.7" fill="${dark}"/><circle cx="56.5" cy="38" r="1.7" fill="${dark}"/><path d="M45.5 47.5Q50 50.5 54.5 47.5" fill="none" stroke="${dark}" stroke-width="1.2" stroke-linecap="round"/>`;
    const scaleP = 6.4;
    return outlined(
      context,
      `translate(${f(512 - 50 * scaleP)} ${f(SIZE - 100 * scaleP)}) scale(${scaleP})`,
      art,
      0.9,
    );
  }
  art = subjectArt[subject](body, detail, accent);
  parts.push(outlined(context, `translate(${f(x)} ${f(y)}) scale(${f(scale)})`, art, 2.4));
  return parts.join('');
}

/**
 * A subject's drawing placed by `transform`; in anime style it gets a dark outline (a stroked copy
 * underneath), and a 3D render gets its highlight.
 */
function outlined(context: Context, transform: string, art: string, width: number): string {
  const id = `subject${context.defs.length}`;
  if (context.outline) {
    context.defs.push(`<g id="${id}">${art}</g>`);
    return `<g transform="${transform}"><use href="#${id}" stroke="${context.outline}" stroke-width="${width}" stroke-linejoin="round"/><use href="#${id}"/></g>`;
  }
  if (context.scene.style === 'render3d') {
    // Soft studio light: a highlight and a shade laid over the shape, clipped to it.
    context.defs.push(`<g id="${id}">${art}</g>`, `<clipPath id="${id}clip"><use href="#${id}"/></clipPath>`);
    return `<g transform="${transform}"><use href="#${id}"/><rect width="100" height="100" fill="url(#shine)" clip-path="url(#${id}clip)"/></g>`;
  }
  return `<g transform="${transform}">${art}</g>`;
}
