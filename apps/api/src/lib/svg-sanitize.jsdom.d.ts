// jsdom ships no types of its own, and @types/jsdom would bring the browser's DOM types into the
// whole API; the SVG sanitiser needs only a window, which it describes itself.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: unknown;
  }
}
