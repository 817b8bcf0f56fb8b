import { describe, expect, it } from 'vitest';
import { parseScene, promptWords } from './scene';

describe('parseScene', () => {
  it('reads time of day, sky, ground, weather, light, style and subject from the words', () => {
    expect(parseScene('lighthouse on a cliff at night')).toMatchObject({
      time: 'night',
      ground: ['mountains', 'sea'],
      subjects: ['lighthouse'],
      light: 'moonlight',
      style: null,
    });
    expect(parseScene('anime red cat')).toMatchObject({
      style: 'anime',
      subjects: ['cat'],
      subjectColours: ['#d6343a'],
      ground: ['hills'],
      time: 'day',
    });
    expect(parseScene('Desert dunes at sunset')).toMatchObject({ time: 'sunset', ground: ['desert'] });
    expect(parseScene('thunderstorm with lightning over the hills')).toMatchObject({
      storm: true,
      weather: ['rain'],
    });
    expect(parseScene('northern lights over a frozen lake')).toMatchObject({
      aurora: true,
      time: 'night',
      ground: ['snow', 'lake'],
    });
    expect(parseScene('misty forest at dawn with falling snow')).toMatchObject({
      time: 'dawn',
      ground: ['forest', 'snow'],
      weather: ['fog', 'snow'],
    });
    expect(parseScene('neon city skyline in the rain')).toMatchObject({
      light: 'neon',
      time: 'night',
      ground: ['city'],
      weather: ['rain'],
    });
    expect(parseScene('wheat field at golden hour')).toMatchObject({ light: 'golden', time: 'sunset' });
    expect(parseScene('a yellow tram on a city street')).toMatchObject({
      subjects: ['vehicle'],
      subjectColours: ['#f2c230'],
      ground: ['city'],
    });
    expect(parseScene('rocket among the planets of deep space')).toMatchObject({
      ground: ['space'],
      subjects: ['rocket'],
    });
  });

  it('knows each style by its usual names', () => {
    const style = (prompt: string) => parseScene(prompt).style;
    expect(style('a watercolour of a bird')).toBe('watercolor');
    expect(style('pixel art castle')).toBe('pixel');
    expect(style('16-bit dog')).toBe('pixel');
    expect(style('oil painting of a ship')).toBe('oil');
    expect(style('low poly fox')).toBe('lowpoly');
    expect(style('isometric house')).toBe('isometric');
    expect(style('minimalist tree')).toBe('minimal');
    expect(style('line art of a tower')).toBe('line');
    expect(style('vaporwave sunset')).toBe('vaporwave');
    expect(style('3D render of a rocket')).toBe('render3d');
    expect(style('cinematic photo of a castle')).toBe('cinematic');
    // The style that changes the picture most wins over a photographic word.
    expect(style('pixel art photo of a cat')).toBe('pixel');
  });

  it('reads plurals, accents and the common words of other languages', () => {
    expect(parseScene('snowy mountains and skyscrapers')).toMatchObject({
      ground: ['mountains', 'city', 'snow'],
    });
    expect(parseScene('Katze im Schnee bei Nacht')).toMatchObject({
      subjects: ['cat'],
      ground: ['snow'],
      time: 'night',
    });
    expect(parseScene('un chat sur la plage, coucher de soleil')).toMatchObject({
      subjects: ['cat'],
      ground: ['sea'],
      time: 'sunset',
    });
    expect(parseScene('un perro en el bosque')).toMatchObject({ subjects: ['dog'], ground: ['forest'] });
    expect(parseScene('castello sul lago')).toMatchObject({ subjects: ['castle'], ground: ['lake'] });
    expect(parseScene('latarnia morska nad morzem w nocy')).toMatchObject({
      subjects: ['lighthouse'],
      ground: ['sea'],
      time: 'night',
    });
    expect(promptWords('Forêt ÉTÉ, snow-capped café')).toEqual(['foret', 'ete', 'snow', 'capped', 'cafe']);
  });

  it('keeps the first two subjects it knows, and colours a subject only with a colour word close before it', () => {
    const scene = parseScene('a small white rabbit beside a brown dog under an oak tree, the sky is red');
    expect(scene.subjects).toEqual(['rabbit', 'dog']);
    expect(scene.subjectColours).toEqual(['#f1f1f4', '#8a5a34']);
    expect(scene.colours).toHaveLength(3);
    expect(parseScene('a gold coin lies in the grass near the corgi').subjectColours).toEqual([null]);
    // An animal keeps its natural colour unless told otherwise.
    expect(parseScene('a fox in the snow').subjectColours).toEqual(['#e07a2e']);
    expect(parseScene('a grey fox in the snow').subjectColours).toEqual(['#8a8f98']);
    // A portrait of nothing named is of a person; a studio portrait of a dog stays a dog.
    expect(parseScene('portrait with soft light')).toMatchObject({ subjects: ['person'], portrait: true });
    expect(parseScene('studio portrait of a bulldog')).toMatchObject({ subjects: ['dog'], portrait: false });
  });

  it('draws patterns and fluid art as the whole picture only when they are what the prompt is about', () => {
    expect(parseScene('seamless tileable pattern of waves and palm leaves').ground).toEqual(['pattern']);
    expect(parseScene('abstract liquid swirl').ground).toEqual(['fluid']);
    // One mention beside a place and a subject leaves them the picture.
    expect(parseScene('geisha in a teahouse, kimono with LED patterns').ground).toEqual(['interior']);
  });

  it('keeps indoors what belongs indoors', () => {
    expect(parseScene('cozy cabin interior with a cup of tea, snow outside')).toMatchObject({
      ground: ['interior'],
      subjects: ['cup'],
      weather: [],
    });
    expect(parseScene('a slice of cake').ground).toEqual(['interior']);
    // "Depth of field" and "ice cubes" are no meadow and no snow.
    expect(parseScene('iced coffee with ice cubes, shallow depth of field').ground).toEqual(['interior']);
  });

  it('draws each drink in its own vessel and each dessert as itself, not all as a steaming mug or a cake', () => {
    expect(parseScene('a glass pitcher of lemonade with lemon slices').subjects).toEqual(['glass']);
    expect(parseScene('a tall glass of iced latte, a cup beside it').subjects).toEqual(['glass']);
    expect(parseScene('glass of red wine on a terrace')).toMatchObject({
      subjects: ['wineglass'],
      subjectColours: ['#d6343a'],
    });
    expect(parseScene('electric blue cocktail, bokeh of bottles').subjects).toEqual(['wineglass']);
    expect(parseScene('glowing magic potions in glass bottles').subjects).toEqual(['bottle']);
    expect(parseScene('three melting ice cream cones').subjects).toEqual(['icecream']);
    expect(parseScene('golden lattice-top apple pie on a windowsill').subjects).toEqual(['pie']);
    // The first word naming what is in the cup colours it: matcha is green, coffee stays brown.
    expect(parseScene('ceramic cup of vivid green matcha latte').drink).toBe('#8fb548');
    expect(parseScene('a mug of coffee').drink).toBeNull();
    // A tower with food is the shape of the food; a rabbit-shaped cookie is no rabbit.
    expect(parseScene('tall pastel macaron tower on a cake stand').subjects).toEqual(['cake']);
    expect(parseScene('fruit parfait with a rabbit-shaped cookie on top').subjects).toEqual(['cake']);
    // Food by a window is in a room, the snow outside.
    expect(parseScene('mug of hot chocolate, frosty window with snow falling outside').ground).toEqual([
      'interior',
    ]);
  });

  it('is the same for the same prompt; words it does not know only turn the palette', () => {
    expect(parseScene('a fox in the forest')).toEqual(parseScene('a fox in the forest'));
    const plain = parseScene('a fox in the forest');
    const odd = parseScene('a fox in the forest zorblax quintessential');
    expect(plain.hueShift).toBe(0);
    expect(odd.hueShift).not.toBe(0);
    expect(Math.abs(odd.hueShift)).toBeLessThanOrEqual(30);
    expect({ ...odd, hueShift: 0, seed: 0 }).toEqual({ ...plain, seed: 0 });
  });

  it('gives a scene for any text', () => {
    for (const prompt of [
      '',
      '   ',
      '🦄🌈✨',
      '猫と月',
      'مدينة في الليل',
      'x'.repeat(100_000),
      '\u0000\u202e<svg>&"\'',
    ]) {
      const scene = parseScene(prompt);
      expect(scene.ground.length).toBeGreaterThan(0);
      expect(['dawn', 'day', 'sunset', 'night']).toContain(scene.time);
      expect(Number.isInteger(scene.seed)).toBe(true);
    }
    expect(parseScene('')).toMatchObject({ ground: ['hills'], time: 'day', subjects: [], style: null });
  });
});
