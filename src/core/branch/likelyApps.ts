// A profile that knows no app's repository asks each app which repository it builds (a request per
// app). The apps named like the repository are asked first, so the branch's builds can show before
// the rest are known (RepoMap asks those in the background).
import { repoKey } from './remoteKey';

interface NamedApp {
  readonly id: string;
  readonly name: string;
}

/** Names are service text; a word past this is no help in telling apps apart. */
const NAME_CHARS = 200;

/** Lower-cased letters-and-digits words, numbers without leading zeros: "App 00150" and "app-150" share "150". */
function wordsOf(text: string): Set<string> {
  const words =
    text
      .slice(0, NAME_CHARS)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.map((word) => (/^\d+$/.test(word) ? word.replace(/^0+(?=\d)/, '') : word)));
}

/**
 * Every app id, those whose name shares a word with a remote's repository name first (a word more than
 * a quarter of the names hold, like "app" or "ios", does not count), then the rest as listed;
 * `likely` counts the first ones.
 */
export function askingOrder(apps: readonly NamedApp[], remoteUrls: readonly string[]): { order: string[]; likely: number } {
  const repoWords = new Set<string>();
  for (const url of remoteUrls) for (const word of wordsOf(repoKey(url)?.split('/').pop() ?? '')) repoWords.add(word);
  const names = apps.map((app) => wordsOf(app.name));
  const holders = new Map<string, number>();
  for (const words of names) for (const word of words) if (repoWords.has(word)) holders.set(word, (holders.get(word) ?? 0) + 1);
  const telling = new Set([...holders].filter(([, count]) => count <= Math.max(1, apps.length / 4)).map(([word]) => word));
  const likely: string[] = [];
  const rest: string[] = [];
  apps.forEach((app, index) => ([...names[index]].some((word) => telling.has(word)) ? likely : rest).push(app.id));
  return { order: [...likely, ...rest], likely: likely.length };
}
