import { createHash } from 'node:crypto';
import {
  drinkColours,
  type Entry,
  type Ground,
  type Light,
  naturalColours,
  phrases,
  type Style,
  type Subject,
  stopWords,
  type TimeOfDay,
  vocabulary,
  type Weather,
  windowWords,
} from './scene-words';

// The demo engine's reading of a prompt: its words, lower-cased, stripped of accents and of
// plural endings, are looked up in a small vocabulary (scene-words.ts: English first, with the common
// words of German, French, Spanish, Italian and Polish) and become a scene description that
// scene-render.ts draws. Words it does not know only shift the palette.

/** What is eaten or drunk: served indoors unless a landscape is named, and never beside a building. */
export const foodAndDrink: ReadonlySet<Subject> = new Set<Subject>([
  'cup',
  'glass',
  'wineglass',
  'bottle',
  'cake',
  'pie',
  'icecream',
]);
/** The vessels of a drink: a picture shows one kind of them, the first named. */
const drinkVessels: ReadonlySet<Subject> = new Set<Subject>(['cup', 'glass', 'wineglass', 'bottle']);

export type Scene = {
  time: TimeOfDay;
  aurora: boolean;
  storm: boolean;
  /** The landscape, back to front as scene-render.ts layers it; never empty. */
  ground: Ground[];
  weather: Weather[];
  light: Light | null;
  style: Style | null;
  /** Up to two subjects, the first mentioned first; it is drawn large, the second beside it. */
  subjects: Subject[];
  /** A head-and-shoulders view of a person rather than a full figure. */
  portrait: boolean;
  /** Colour words in the prompt, as hex, in the order they came. */
  colours: string[];
  /** Each subject's colour when a colour word comes shortly before it ("a red cat"), else null. */
  subjectColours: (string | null)[];
  /** What a cup holds, as hex, when the word that named it says (matcha is green); else coffee. */
  drink: string | null;
  /** Degrees the palette turns by, from the words the vocabulary does not know (0 when none). */
  hueShift: number;
  /** The seed for every random choice of the drawing: the same prompt, the same picture. */
  seed: number;
};

/** Lower-cased words without accents or apostrophes; other scripts stay as they are. */
export function promptWords(prompt: string): string[] {
  const plain = prompt
    .slice(0, 4000)
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/ß/g, 'ss')
    .replace(/['’]s\b/g, '');
  return plain.split(/[^\p{L}\p{N}-]+/u).flatMap((word) => {
    const trimmed = word.replace(/^-+|-+$/g, '');
    if (!trimmed) return [];
    // "snow-capped" is read as "snow" and "capped"; a known hyphenated word ("low-poly") stays whole.
    if (vocabulary.has(trimmed)) return [trimmed];
    // A "rabbit-shaped cookie" or a "star-shaped lamp" is neither a rabbit nor the night.
    if (/-shaped$/.test(trimmed)) return ['shaped'];
    return trimmed.split('-').filter(Boolean);
  });
}

/** The entry of a word or of its singular ("peaks" → "peak", "cherries" → "cherry", "boxes" → "box"). */
function lookUp(word: string): Entry | undefined {
  const direct = vocabulary.get(word);
  if (direct) return direct;
  if (word.length > 4 && word.endsWith('ies')) {
    const found = vocabulary.get(`${word.slice(0, -3)}y`) ?? vocabulary.get(word.slice(0, -1));
    if (found) return found;
  }
  if (word.length > 4 && word.endsWith('es')) {
    const found = vocabulary.get(word.slice(0, -2));
    if (found) return found;
  }
  if (word.length > 3 && word.endsWith('s')) return vocabulary.get(word.slice(0, -1));
  return undefined;
}

/** The order grounds are layered in, back to front. */
const groundOrder: Ground[] = [
  'space',
  'pattern',
  'fluid',
  'mountains',
  'hills',
  'desert',
  'city',
  'forest',
  'snow',
  'lake',
  'sea',
  'interior',
];

/** Which style wins when a prompt names several: the ones that change the drawing most first. */
const stylePriority: Style[] = [
  'pixel',
  'lowpoly',
  'isometric',
  'line',
  'anime',
  'watercolor',
  'vaporwave',
  'oil',
  'minimal',
  'render3d',
  'cinematic',
  'photo',
];

export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0) || 1;
}

/** The scene a prompt describes. Any text gives a scene; an empty one gives hills by day. */
export function parseScene(prompt: string): Scene {
  const tokens = promptWords(prompt);
  const joined: string[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const pair = phrases.get(`${tokens[index]} ${tokens[index + 1]}`);
    if (pair) {
      joined.push(pair);
      index += 1;
    } else joined.push(tokens[index] as string);
  }

  let time: TimeOfDay | null = null;
  let aurora = false;
  let storm = false;
  let portrait = false;
  const grounds = new Set<Ground>();
  const groundHits = new Map<Ground, number>();
  const weather = new Set<Weather>();
  const lights: Light[] = [];
  const styles = new Set<Style>();
  const subjects: Subject[] = [];
  const subjectColours: (string | null)[] = [];
  const colours: string[] = [];
  /** The last colour word and the position it came at. */
  let lastColour: { hex: string; at: number } | null = null;
  const unknown: string[] = [];
  let drink: string | null = null;
  for (const [at, word] of joined.entries()) {
    const entry = lookUp(word);
    if (!entry) {
      if (!stopWords.has(word) && !/^\d+(mm|k|s)?$/.test(word)) unknown.push(word);
      continue;
    }
    if ('time' in entry) time ??= entry.time;
    else if ('ground' in entry) {
      grounds.add(entry.ground);
      groundHits.set(entry.ground, (groundHits.get(entry.ground) ?? 0) + 1);
    } else if ('weather' in entry) weather.add(entry.weather);
    else if ('light' in entry) lights.push(entry.light);
    else if ('style' in entry) styles.add(entry.style);
    else if ('subject' in entry) {
      // "A cup of matcha": the first word that names what is in the cup colours it.
      if (entry.subject === 'cup') drink ??= drinkColours.get(word) ?? null;
      if (!subjects.includes(entry.subject)) {
        subjects.push(entry.subject);
        const singular = word.endsWith('s') && !vocabulary.has(word) ? word.slice(0, -1) : word;
        subjectColours.push(
          lastColour && at - lastColour.at <= 4 ? lastColour.hex : (naturalColours.get(singular) ?? null),
        );
      }
    } else if ('colour' in entry) {
      colours.push(entry.colour);
      lastColour = { hex: entry.colour, at };
    } else if ('aurora' in entry) aurora = true;
    else if ('storm' in entry) storm = true;
    else portrait = true;
  }
  // Falling snow is weather over a snowy ground; the northern lights and a storm need their sky.
  if (weather.has('snow')) grounds.add('snow');
  if (aurora) time = 'night';
  if (storm) weather.add('rain');
  if (lights.includes('moonlight')) time ??= 'night';
  if (foodAndDrink.has(subjects[0] as Subject) && joined.some((word) => windowWords.has(word))) {
    grounds.add('interior');
  }
  // A picture of a drink shows one vessel, the first named ("an iced latte" in its glass, no mug).
  const vessel = subjects.find((subject) => drinkVessels.has(subject));
  for (let index = subjects.length - 1; index >= 0; index -= 1) {
    const subject = subjects[index] as Subject;
    if (drinkVessels.has(subject) && subject !== vessel) {
      subjects.splice(index, 1);
      subjectColours.splice(index, 1);
    }
  }
  // Indoors, a cabin or a castle is the room itself, not something standing in it; a tower named
  // with food is the shape the food is stacked in ("a macaron tower", "wieża z makaroników").
  const withFood = subjects.some((subject) => foodAndDrink.has(subject));
  if (grounds.has('interior') || withFood) {
    const rooms = grounds.has('interior') ? ['house', 'castle', 'tower', 'lighthouse'] : ['tower'];
    for (let index = subjects.length - 1; index >= 0; index -= 1) {
      if (rooms.includes(subjects[index] as Subject)) {
        subjects.splice(index, 1);
        subjectColours.splice(index, 1);
      }
    }
  }
  // A portrait with nothing named in it is of a person.
  if (portrait && subjects.length === 0) {
    subjects.push('person');
    subjectColours.push(null);
  }
  // A lighthouse, a ship or a fish with no landscape named stands by or in the sea.
  if (
    subjects.some((subject) => subject === 'lighthouse' || subject === 'ship' || subject === 'fish') &&
    !['sea', 'lake', 'space', 'interior', 'pattern', 'fluid'].some((ground) => grounds.has(ground as Ground))
  )
    grounds.add('sea');
  // Neon glows at night unless the prompt says otherwise.
  if (lights.includes('neon')) time ??= 'night';
  const ordered = groundOrder.filter((ground) => grounds.has(ground));
  // A pattern or fluid art replaces the landscape when named twice or when nothing else is named
  // ("LED patterns" on a kimono leave the teahouse a teahouse); of the two, the one named more wins.
  const landscape = ordered.filter((ground) => ground !== 'pattern' && ground !== 'fluid');
  const abstractHits = Math.max(groundHits.get('pattern') ?? 0, groundHits.get('fluid') ?? 0);
  const abstract =
    abstractHits >= 2 || (subjects.length === 0 && landscape.length === 0)
      ? ordered
          .filter((ground) => ground === 'pattern' || ground === 'fluid')
          .sort((a, b) => (groundHits.get(b) ?? 0) - (groundHits.get(a) ?? 0))[0]
      : undefined;
  // Indoors, water and snow would lie on the floor: only what is seen through the window stays.
  const seen = grounds.has('interior')
    ? landscape.filter((ground) => !['lake', 'sea', 'snow'].includes(ground))
    : landscape;
  // Food and drink with no landscape named are served indoors.
  const food = foodAndDrink.has(subjects[0] as Subject);
  const ground: Ground[] = abstract ? [abstract] : seen.length > 0 ? seen : [food ? 'interior' : 'hills'];
  const light: Light | null = lights.includes('neon')
    ? 'neon'
    : lights.includes('moonlight') || (time === 'night' && lights.length === 0 && !ground.includes('city'))
      ? 'moonlight'
      : lights.includes('golden')
        ? 'golden'
        : null;
  const unknownText = unknown.join(' ');
  return {
    time: time ?? (light === 'golden' ? 'sunset' : 'day'),
    aurora,
    storm,
    ground,
    weather: [...weather],
    light,
    style: stylePriority.find((style) => styles.has(style)) ?? null,
    subjects: subjects.slice(0, 2),
    portrait: portrait && subjects[0] === 'person',
    colours,
    subjectColours: subjectColours.slice(0, 2),
    drink: subjects.includes('cup') ? drink : null,
    hueShift: unknownText ? (seedOf(unknownText) % 61) - 30 : 0,
    seed: seedOf(prompt),
  };
}
