export type SocialNetwork =
  | 'instagram'
  | 'twitter'
  | 'telegram'
  | 'facebook'
  | 'youtube'
  | 'discord'
  | 'link';

const byHost: [RegExp, SocialNetwork][] = [
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)(twitter\.com|x\.com)$/, 'twitter'],
  [/(^|\.)(t\.me|telegram\.me|telegram\.org)$/, 'telegram'],
  [/(^|\.)(facebook\.com|fb\.com)$/, 'facebook'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'youtube'],
  [/(^|\.)(discord\.gg|discord\.com)$/, 'discord'],
];

/** The icon for a social link, chosen by its host; a generic link for anything else. */
export function socialNetwork(url: string): SocialNetwork {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'link';
  }
  return byHost.find(([pattern]) => pattern.test(host))?.[1] ?? 'link';
}
