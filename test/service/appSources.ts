// The app sources of a checkout of myorg/2048 that the seeded builds' coverage is about: each file's
// functions, in the order they are declared. testSources.ts writes them into the test workspace;
// buildResults.ts reports coverage for them as a CI machine sees them (absolute paths under its clone).

export type SourcePlatform = 'ios' | 'android';

export interface AppSource {
  /** Relative to the repository's root. */
  path: string;
  /** Declared in the file, in this order. */
  functions: string[];
  /** Built by CI but not in a checkout (generated): its coverage has no file to go to. */
  generated?: boolean;
}

export interface AppTarget {
  /** `{slug}` is replaced by the repository's name. */
  name: string;
  files: AppSource[];
}

const FUNCTIONS = ['update', 'render', 'reset'];
const ANDROID_MAIN = 'android/app/src/main/java/com/myorg/app';
const ANDROID_NETWORKING = 'android/networking/src/main/java/com/myorg/networking';

export const APP_SOURCES: Record<SourcePlatform, AppTarget[]> = {
  ios: [
    {
      name: '{slug}.app',
      files: ['AppDelegate', 'BoardView', 'Score'].map((type) => ({ path: `ios/m2048/${type}.swift`, functions: FUNCTIONS })),
    },
    {
      name: 'Networking.framework',
      files: [
        ...['Client', 'Request'].map((type) => ({ path: `ios/Networking/${type}.swift`, functions: FUNCTIONS })),
        { path: 'ios/Networking/Generated/Endpoints.swift', functions: ['url'], generated: true },
      ],
    },
  ],
  android: [
    {
      name: 'app',
      files: ['MainActivity', 'Board', 'Score'].map((type) => ({ path: `${ANDROID_MAIN}/${type}.kt`, functions: FUNCTIONS })),
    },
    {
      name: 'networking',
      files: ['Client', 'Request'].map((type) => ({ path: `${ANDROID_NETWORKING}/${type}.kt`, functions: FUNCTIONS })),
    },
  ],
};

/** Where CI cloned the repository: the service reports absolute paths under it. */
export const CI_CLONE: Record<SourcePlatform, string> = {
  ios: '/Users/builder/clone',
  android: '/home/builder/clone',
};

export function typeOf(path: string): string {
  return (path.split('/').pop() ?? '').replace(/\.\w+$/, '');
}

/** The name a coverage report gives the function: `BoardView.render()` (Swift) or `Board.render` (Kotlin). */
export function reportedFunctionName(path: string, fn: string): string {
  return path.endsWith('.swift') ? `${typeOf(path)}.${fn}()` : `${typeOf(path)}.${fn}`;
}

export function appSourceText(source: AppSource): string {
  const type = typeOf(source.path);
  if (source.path.endsWith('.swift')) {
    const bodies = source.functions.map((fn) => `    func ${fn}() {\n        tiles = tiles.map { $0 + 1 }\n        moves += 1\n    }\n`);
    return `import Foundation\n\nfinal class ${type} {\n    var tiles: [Int] = []\n    var moves = 0\n\n${bodies.join('\n')}}\n`;
  }
  const pkg = source.path.split('/java/')[1]?.split('/').slice(0, -1).join('.') ?? 'com.myorg.app';
  const bodies = source.functions.map((fn) => `    fun ${fn}() {\n        tiles = tiles.map { it + 1 }\n        moves += 1\n    }\n`);
  return `package ${pkg}\n\nclass ${type} {\n    var tiles = listOf<Int>()\n    var moves = 0\n\n${bodies.join('\n')}}\n`;
}
