/** The list page's tiles: their image sizes, and how many of the first are on the first screen. */
export const TILE_SIZES = '(min-width: 1280px) 22vw, (min-width: 640px) 45vw, 100vw';
export const FIRST_SCREEN_TILES = 3;
