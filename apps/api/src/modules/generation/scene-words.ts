// The demo engine's vocabulary: the words a prompt can use, in six languages, and what each one draws.

export type TimeOfDay = 'dawn' | 'day' | 'sunset' | 'night';
export type Ground =
  | 'mountains'
  | 'hills'
  | 'desert'
  | 'snow'
  | 'sea'
  | 'lake'
  | 'forest'
  | 'city'
  | 'space'
  | 'interior'
  | 'pattern'
  | 'fluid';
export type Weather = 'fog' | 'rain' | 'snow';
export type Light = 'neon' | 'golden' | 'moonlight';
export type Style =
  | 'watercolor'
  | 'pixel'
  | 'oil'
  | 'anime'
  | 'lowpoly'
  | 'isometric'
  | 'minimal'
  | 'line'
  | 'vaporwave'
  | 'cinematic'
  | 'render3d'
  | 'photo';
export type Subject =
  | 'cat'
  | 'dog'
  | 'rabbit'
  | 'bird'
  | 'fish'
  | 'elephant'
  | 'deer'
  | 'octopus'
  | 'dragon'
  | 'tree'
  | 'flower'
  | 'house'
  | 'castle'
  | 'lighthouse'
  | 'ship'
  | 'tower'
  | 'rocket'
  | 'vehicle'
  | 'person'
  | 'cup'
  | 'glass'
  | 'wineglass'
  | 'bottle'
  | 'cake'
  | 'pie'
  | 'icecream';

/** Words for a window: food or a drink by one is in a room, whatever is seen through it. */
export const windowWords = new Set(
  'window windows windowpane fenster fenetre fenetres ventana ventanas finestra finestre okno okna'.split(
    ' ',
  ),
);

export type Entry =
  | { time: TimeOfDay }
  | { ground: Ground }
  | { weather: Weather }
  | { light: Light }
  | { style: Style }
  | { subject: Subject }
  | { colour: string }
  | { aurora: true }
  | { storm: true }
  | { portrait: true };

/** `words` (space separated) → entry; later lines never replace earlier ones. */
export const vocabulary = new Map<string, Entry>();
function words(list: string, entry: Entry) {
  for (const word of list.split(/\s+/)) if (word && !vocabulary.has(word)) vocabulary.set(word, entry);
}

// Time of day.
words(
  'dawn sunrise morning daybreak sunup morgen morgendammerung aube matin lever amanecer manana alba mattina mattino swit poranek wschod',
  { time: 'dawn' },
);
words(
  'sunset dusk evening twilight sundown blue-hour sonnenuntergang abend abenddammerung crepuscule soir coucher atardecer ocaso tarde tramonto sera crepuscolo zachod wieczor zmierzch',
  { time: 'sunset' },
);
words(
  'night midnight nighttime nocturnal starry stars star moon moonlit constellation nacht mitternacht sterne mond nuit minuit etoile etoiles lune noche medianoche estrella estrellas luna notte mezzanotte stelle noc nocy noca polnoc gwiazdy ksiezyc',
  { time: 'night' },
);
words(
  'day daytime noon midday sunny sunshine sunlit tag mittag jour midi dia mediodia giorno mezzogiorno dzien poludnie',
  {
    time: 'day',
  },
);
// Sky.
words('aurora borealis australis polarlicht nordlicht zorza', { aurora: true });
words(
  'storm stormy thunder thunderstorm lightning tempest hurricane sturm gewitter blitz tempete orage eclair tormenta tempestad relampago tempesta temporale fulmine burza piorun',
  { storm: true },
);
// Ground.
words(
  'mountain peak summit alps alpine ridge dolomites himalaya himalayan volcano volcanic cliff range massif spire glacier berg gebirge gipfel alpen montagne sommet montana cumbre montagna vetta gora szczyt',
  { ground: 'mountains' },
);
words(
  'hill meadow field valley grassland countryside vineyard park garden lawn prairie pasture farmland wheat path hugel wiese feld colline prairie champ colina prado campo collina prato wzgorze laka',
  { ground: 'hills' },
);
words(
  'desert dune sahara canyon savannah savanna mars wuste wueste desert sable desierto arena deserto sabbia pustynia wydma',
  { ground: 'desert' },
);
words(
  'snow snowy winter ice icy glacier frozen frost frosty arctic polar igloo schnee eis neige hiver glace nieve invierno hielo neve inverno ghiaccio snieg zima lod',
  { ground: 'snow' },
);
words(
  'sea ocean beach coast coastal wave harbor harbour bay lagoon seascape maritime fjord surf seaside tide meer ozean kuste welle mer ocean plage vague mar oceano playa ola mare spiaggia onda morze morzem morza fala',
  { ground: 'sea' },
);
words('lake pond river canal stream reflection reflecting lagoon lac riviere lago rio fiume jezioro rzeka', {
  ground: 'lake',
});
words(
  'forest woods wood jungle woodland pine rainforest grove taiga wald dschungel foret bois jungle bosque selva foresta bosco giungla dzungla',
  { ground: 'forest' },
);
words(
  'city skyline skyscraper street town metropolis megacity downtown tokyo york paris london dubai alley building urban cityscape avenue lisbon venice village stadt strasse ville rue ciudad calle citta strada miasto ulica',
  { ground: 'city' },
);
words(
  'space planet galaxy nebula cosmos cosmic saturn orbit universe asteroid interstellar starfield weltraum planet espace planete espacio planeta spazio pianeta kosmos planeta galaktyka',
  { ground: 'space' },
);
words(
  'room interior kitchen library bedroom lobby loft bar cafe diner arcade hall club stage backstage teahouse windowsill indoor zimmer kuche chambre cuisine habitacion cocina stanza cucina pokoj kuchnia',
  { ground: 'interior' },
);
words(
  'pattern seamless tileable mosaic geometric tile wallpaper motif ornament ornamental bauhaus memphis textile muster motif patron patrones motivo wzor',
  { ground: 'pattern' },
);
words(
  'fluid marbled marbling resin pour swirl liquid abstract flussig abstrakt fluide abstrait abstracto astratto abstrakcja',
  {
    ground: 'fluid',
  },
);
// Weather.
words(
  'fog mist misty haze hazy foggy smoke smog nebel dunst brouillard brume niebla bruma nebbia foschia mgla',
  {
    weather: 'fog',
  },
);
words('rain rainy raindrop drizzle downpour umbrella puddle regen pluie lluvia pioggia deszcz', {
  weather: 'rain',
});
words('snowflake snowfall blizzard snowing schneefall flocon nevada neviscata sniezyca', { weather: 'snow' });
// Light.
words('neon cyberpunk synthwave hologram holographic led neonlicht neons', { light: 'neon' });
words('golden-hour golden-light warm-light amber', { light: 'golden' });
words('moonlight moonlit mondlicht clair-de-lune luz-de-luna chiaro-di-luna ksiezycowy', {
  light: 'moonlight',
});
// Style.
words('watercolor watercolour aquarell aquarelle acuarela acquerello akwarela gouache wash', {
  style: 'watercolor',
});
words('pixel pixels 8-bit 16-bit 32-bit 8bit 16bit pixelart retro-game', { style: 'pixel' });
words('oil painting impasto painterly olgemalde huile oleo olio olejny canvas brushstroke', { style: 'oil' });
words('anime manga ghibli cel kawaii chibi', { style: 'anime' });
words('low-poly lowpoly polygon polygonal faceted', { style: 'lowpoly' });
words('isometric diorama isometrisch isometrique isometrico izometryczny', { style: 'isometric' });
words('minimal minimalist minimalism flat simple minimalistisch minimaliste minimalista minimalistyczny', {
  style: 'minimal',
});
words('line-art lineart sketch drawing outline linework strichzeichnung dessin dibujo disegno rysunek', {
  style: 'line',
});
words('vaporwave retrowave 80s outrun', { style: 'vaporwave' });
words('cinematic film movie filmisch cinematique cinematografico cinematografico filmowy', {
  style: 'cinematic',
});
words('3d render rendered pixar octane blender cgi clay', { style: 'render3d' });
words(
  'photo photograph photography astrophotography photorealistic realistic foto fotografie photographie fotografia realista',
  {
    style: 'photo',
  },
);
// Subjects.
words(
  'cat kitten kitty tabby tiger lion leopard panther lynx katze kater chat chaton gato gatito gatto gattino kot kotek tygrys lew',
  { subject: 'cat' },
);
words(
  'dog puppy corgi retriever bulldog beagle hound wolf werewolf fox husky terrier poodle hund welpe wolf fuchs chien chiot loup renard perro cachorro lobo zorro cane cucciolo lupo volpe pies szczeniak wilk lis',
  { subject: 'dog' },
);
words('rabbit bunny hare kaninchen hase lapin lievre conejo liebre coniglio lepre krolik zajac', {
  subject: 'rabbit',
});
words(
  'bird owl eagle hummingbird seagull gull crow raven phoenix griffin parrot dove swan duck sparrow heron crane flamingo vogel eule adler oiseau hibou aigle pajaro buho aguila uccello gufo aquila ptak sowa orzel',
  { subject: 'bird' },
);
words(
  'fish whale koi shark dolphin goldfish salmon fisch wal hai poisson baleine requin pez ballena tiburon pesce balena squalo ryba wieloryb rekin',
  { subject: 'fish' },
);
words('elephant mammoth elefant elephant elefante slon', { subject: 'elephant' });
words('deer stag reindeer moose elk antelope fawn hirsch reh cerf biche ciervo venado cervo jelen', {
  subject: 'deer',
});
words('kraken octopus squid tentacle krake poulpe pieuvre pulpo calamar polpo ośmiornica osmiornica', {
  subject: 'octopus',
});
words('dragon wyvern drache dragon dragon drago smok', { subject: 'dragon' });
words(
  'tree plant fern monstera oak birch palm cypress bonsai willow maple sakura acacia baum eiche arbre chene arbol roble albero quercia drzewo dab',
  {
    subject: 'tree',
  },
);
words(
  'flower rose tulip peony blossom daisy lotus sunflower dandelion bloom blume rose fleur flor fiore kwiat roza',
  {
    subject: 'flower',
  },
);
words('house cabin cottage hut home farmhouse chalet haus hutte maison cabane casa cabana baita dom chata', {
  subject: 'house',
});
words(
  'castle palace fortress citadel kingdom chateau burg schloss festung castillo palacio castello palazzo fortezza zamek palac',
  {
    subject: 'castle',
  },
);
words('lighthouse leuchtturm phare faro latarnia', { subject: 'lighthouse' });
words(
  'ship boat galleon sailboat yacht kayak gondola ferry canoe sailing schiff boot segelboot bateau navire voilier barco velero nave barca statek lodz zaglowka',
  { subject: 'ship' },
);
words('tower pagoda minaret belfry clocktower turm tour wieza', { subject: 'tower' });
words(
  'tram bus car taxi cab train truck van rover streetcar trolley strassenbahn auto zug voiture tramway autobus coche tranvia autobus tren macchina tram treno samochod tramwaj autobus pociag',
  {
    subject: 'vehicle',
  },
);
words('rocket spaceship spacecraft shuttle ufo mothership rakete fusee cohete razzo rakieta', {
  subject: 'rocket',
});
words(
  'person man woman girl boy people astronaut knight samurai geisha hacker sorceress archer priestess warrior queen king princess prince wizard witch ballerina sailor beekeeper trumpeter grandmother grandfather mountaineer florist kayaker cook chef druid countess orc dwarf elf fairy child kid figure traveler hiker monk dancer musician frau mann madchen junge femme homme fille garcon mujer hombre nina nino donna uomo ragazza ragazzo kobieta mezczyzna dziewczyna chlopiec',
  { subject: 'person' },
);
words('portrait face headshot portrat visage retrato ritratto portret', { portrait: true });
// A cold drink stands in a tall glass with a straw, wine and cocktails in a stemmed glass, a potion
// in a flask: each its own vessel, not a steaming mug.
words(
  'lemonade smoothie juice milkshake iced eiskaffee frappe soda limonade limonada limonata lemoniada saft jus zumo succo sok batido frullato',
  { subject: 'glass' },
);
words('wine cocktail martini champagne prosecco margarita mojito wein sekt vin vino wino koktajl coctel', {
  subject: 'wineglass',
});
words(
  'potion bottle flask vial elixir phial trank zaubertrank flasche fiole bouteille pocion botella frasco pozione bottiglia boccetta eliksir butelka',
  { subject: 'bottle' },
);
words(
  'cup mug coffee tea latte matcha espresso cappuccino drink beverage teacup kaffee tee tasse taza te bebida caffe te tazza kawa herbata kubek',
  { subject: 'cup' },
);
words('icecream gelato helado sorbet eistute cornet cucurucho lody', { subject: 'icecream' });
words('pie tart tarte crostata szarlotka', { subject: 'pie' });
words(
  'cake cheesecake dessert macaron makaronik makaronikow cupcake donut pastry parfait mochi pudding kuchen torte gateau torta tarta dolce ciasto tort',
  { subject: 'cake' },
);
// Colours.
const colourWords: [string, string][] = [
  ['red crimson scarlet rot rouge rojo rosso czerwony', '#d6343a'],
  ['orange ginger tangerine coral orangefarben naranja arancione pomaranczowy', '#f08a24'],
  ['yellow golden gold lemon mustard gelb jaune amarillo giallo zolty', '#f2c230'],
  ['green emerald mint sage jade grun vert verde zielony', '#2f9e57'],
  ['teal turquoise cyan aqua turkis turquesa turchese turkusowy', '#1bb3b0'],
  ['blue cobalt azure navy indigo sapphire blau bleu azul blu niebieski', '#2d6fd6'],
  ['purple violet lavender amethyst lilac magenta lila violett viola morado fioletowy', '#8a4fd8'],
  ['pink rose blush peach fuchsia rosa pembe rozowy', '#f27aa8'],
  ['white silver pearl ivory weiss blanc blanco bianco bialy', '#f1f1f4'],
  ['black ebony obsidian schwarz noir negro nero czarny', '#1c1c22'],
  ['grey gray ash grau gris grigio szary', '#8a8f98'],
  ['brown chocolate bronze copper braun marron brun marrone brazowy', '#8a5a34'],
];
for (const [list, hex] of colourWords) words(list, { colour: hex });

/** The colour an animal has when the prompt names none ("a fox" is orange, not a dog's brown). */
export const naturalColours = new Map<string, string>([
  ['fox', '#e07a2e'],
  ['tiger', '#f08a24'],
  ['lion', '#d9a441'],
  ['leopard', '#d8c9a8'],
  ['panther', '#1c1c22'],
  ['wolf', '#8a8f98'],
  ['husky', '#8a8f98'],
  ['werewolf', '#5a4a3a'],
  ['owl', '#a87b4f'],
  ['raven', '#1c1c22'],
  ['crow', '#1c1c22'],
  ['swan', '#f1f1f4'],
  ['flamingo', '#f27aa8'],
  ['parrot', '#2f9e57'],
  ['phoenix', '#f08a24'],
  ['whale', '#4a6a8a'],
  ['shark', '#7a8a9a'],
  ['dolphin', '#7a9ab0'],
  ['koi', '#f08a24'],
  ['goldfish', '#f08a24'],
  // What is in a glass or a flask, and the scoops on a cone.
  ['lemonade', '#f4d35e'],
  ['limonade', '#f4d35e'],
  ['limonada', '#f4d35e'],
  ['limonata', '#f4d35e'],
  ['lemoniada', '#f4d35e'],
  ['smoothie', '#f08a24'],
  ['juice', '#f29e1f'],
  ['milkshake', '#f5b8c9'],
  ['iced', '#c89f73'],
  ['wine', '#7b1630'],
  ['champagne', '#f3e3a0'],
  ['prosecco', '#f3e3a0'],
  ['potion', '#8a4fd8'],
  ['elixir', '#8a4fd8'],
  ['icecream', '#f6b5c8'],
  ['gelato', '#f6b5c8'],
]);

/** The colour of what is in a cup, by the word that named it. */
export const drinkColours = new Map<string, string>([
  ['matcha', '#8fb548'],
  ['tea', '#b8742a'],
  ['tee', '#b8742a'],
  ['te', '#b8742a'],
  ['herbata', '#b8742a'],
  ['teacup', '#b8742a'],
]);

/** Two-word phrases, joined with a hyphen before the lookup. */
export const phrases = new Map<string, string>([
  ['golden hour', 'golden-hour'],
  ['golden light', 'golden-light'],
  ['warm light', 'warm-light'],
  ['warm sunlight', 'warm-light'],
  ['blue hour', 'blue-hour'],
  ['low poly', 'low-poly'],
  ['line art', 'line-art'],
  ['pixel art', 'pixelart'],
  ['northern lights', 'aurora'],
  ['oil painting', 'oil'],
  ['ice cream', 'icecream'],
  ['ice creams', 'icecream'],
  ['hot chocolate', 'drink'],
  ['fairy lights', 'lights'],
  // Iced coffee is a cold drink in a glass, whatever the language ("helado" alone is ice cream).
  ['iced coffee', 'iced'],
  ['cafe helado', 'iced'],
  ['cafe glace', 'iced'],
  ['caffe freddo', 'iced'],
  ['mrozona kawa', 'iced'],
  ['big ben', 'tower'],
  ['eiffel tower', 'tower'],
  ['falling snow', 'snowfall'],
  ['snow falling', 'snowfall'],
  ['snow drifting', 'snowfall'],
  ['snow blowing', 'snowfall'],
  ['full moon', 'moon'],
  ['new york', 'york'],
  ['hot dog', 'snack'],
  ['dragon fruit', 'fruit'],
  ['palm sized', 'tiny'],
  ['sea of', 'many'],
  ['negative space', 'emptiness'],
  ['setting sun', 'sunset'],
  // A camera's words, not a field or a frozen landscape.
  ['of field', 'blur'],
  ['ice cubes', 'cubes'],
  ['ice cube', 'cubes'],
  ['sun setting', 'sunset'],
]);

/** Small words that carry no picture; they neither match nor shift the palette. */
export const stopWords = new Set(
  'a an the of in on at by with and or to for from into over under above below behind its his her their is are very highly ultra detailed detail mood style lens art of der die das ein eine und mit im am le la les un une des et avec dans sur el los las y con en il lo gli e di del della w z i na do'.split(
    ' ',
  ),
);
