/** "3,14,15" -> its integers, read a character at a time: no array of strings made on the way. */

/*
 * How the list index stores what the database sends: texts of integers read into typed arrays,
 * JSON arrays of texts stored as one text with offsets, and both put in slot order.
 */
export function integers<T extends Int32Array | Float64Array>(
  text: string | null,
  make: (length: number) => T,
): T {
  if (!text) return make(0);
  let length = 1;
  for (let at = 0; at < text.length; at++) if (text.charCodeAt(at) === 44) length++;
  const list = make(length);
  let item = 0;
  let value = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 44) {
      list[item++] = value;
      value = 0;
    } else value = value * 10 + (code - 48);
  }
  list[item] = value;
  return list;
}

export function slotIn(ids: Int32Array, id: number): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = ids[middle] as number;
    if (found === id) return middle;
    if (found < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * A JSON array of texts (or nulls) as the database writes it, stored as that one text with where each
 * item's JSON starts and ends: three texts rather than three strings a product, less memory in each
 * process, and nothing for the garbage collector to walk. An item's
 * JSON goes into a tile's JSON as it is.
 */
export type PackedTexts = {
  json: string;
  /** Where each item's JSON (quotes included) starts; -1 for null. */
  starts: Int32Array;
  /** Where it ends (one past its closing quote); negative when it holds an escape. */
  ends: Int32Array;
};

/** The items of a JSON array of texts or nulls, read a character at a time. */
export function packedTexts(json: string): PackedTexts {
  const starts: number[] = [];
  const ends: number[] = [];
  for (let at = 1; at < json.length; at++) {
    const code = json.charCodeAt(at);
    if (code === 110 /* n of null */) {
      starts.push(-1);
      ends.push(-1);
      at += 3;
    } else if (code === 34 /* " */) {
      const start = at;
      let escaped = false;
      for (at++; json.charCodeAt(at) !== 34; at++) {
        if (json.charCodeAt(at) === 92 /* \ */) {
          escaped = true;
          at++;
        }
      }
      starts.push(start);
      ends.push(escaped ? -(at + 1) : at + 1);
    }
  }
  return { json, starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}

/** An item's JSON (a quoted text), or null. */
export function packedJson(texts: PackedTexts, at: number): string | null {
  const start = texts.starts[at];
  if (start === undefined || start === -1) return null;
  return texts.json.slice(start, Math.abs(texts.ends[at] as number));
}

/** An item's text, or null. */
export function packedText(texts: PackedTexts, at: number): string | null {
  const start = texts.starts[at];
  if (start === undefined || start === -1) return null;
  const end = texts.ends[at] as number;
  return end < 0
    ? (JSON.parse(texts.json.slice(start, -end)) as string)
    : texts.json.slice(start + 1, end - 1);
}

/**
 * Slot of each item of a listing read in any order (`listing_slots`), or null when the items came
 * in slot order already, as they do from the database's numbering.
 */
export function listingSlots(text: string | null): Int32Array | null {
  const slots = integers(text, (length) => new Int32Array(length));
  for (let at = 0; at < slots.length; at++) if (slots[at] !== at) return slots;
  return null;
}

/** Values of a listing put in slot order (`listingSlots`). */
export function bySlot<T extends Int32Array | Float64Array>(values: T, slots: Int32Array | null): T {
  if (slots === null) return values;
  const ordered = values.slice() as T;
  for (let at = 0; at < slots.length; at++) ordered[slots[at] as number] = values[at] as number;
  return ordered;
}

/** Packed texts of a listing put in slot order: where each item's JSON starts and ends moves with it. */
export function packedBySlot(texts: PackedTexts, slots: Int32Array | null): PackedTexts {
  if (slots === null) return texts;
  return { json: texts.json, starts: bySlot(texts.starts, slots), ends: bySlot(texts.ends, slots) };
}

/**
 * Packed texts of products read with their ids, in any order (the English titles), by the slots of
 * `ids`: a product not on sale is left out, and a product without one is null.
 */
export function packedByIds(texts: PackedTexts, itemIds: Int32Array, ids: Int32Array): PackedTexts {
  const starts = new Int32Array(ids.length).fill(-1);
  const ends = new Int32Array(ids.length).fill(-1);
  for (let at = 0; at < itemIds.length; at++) {
    const slot = slotIn(ids, itemIds[at] as number);
    if (slot === -1) continue;
    starts[slot] = texts.starts[at] as number;
    ends[slot] = texts.ends[at] as number;
  }
  return { json: texts.json, starts, ends };
}
