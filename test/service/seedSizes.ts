// Artefacts of known sizes on the comparison app (seedComparison.ts), so Current Branch, the details and the
// history have sizes to show: the app package grows with each build of main and more on the feature branch,
// its mapping file is renamed there ("new"), and the symbols come from a link whose server ignores ranges.
import type { Build } from './contract';
import type { ServiceData } from './data';
import { artifactPath } from './artifacts';
import { COMPARE } from './seedComparison';

export const SIZES = {
  app: 'Zest.apk',
  mapping: 'Zest-mapping.txt',
  /** The mapping file's name on the feature branches: matched by name, so "new". */
  renamed: 'Zest-proguard-map.txt',
  /** Served whole whatever Range asks (artifactRoute.ts), a trickle the client must cut off. */
  whole: 'Zest-symbols.zip',
  wholeBytes: 3_000_000,
  /** Zest.apk on main's first build, and what each later build of main adds. */
  mainFirstBytes: 40_000_000,
  mainStepBytes: 150_000,
  /** What feature/compare adds to main's latest: "+1.4 MB (+3.4%) against main #13". */
  featureGrowthBytes: 1_400_000,
  releaseBytes: 39_000_000,
  pullRequestBytes: 39_500_000,
} as const;

/** Zest.apk's bytes on main's build at `index` (0 = oldest). */
export function mainAppBytes(index: number): number {
  return SIZES.mainFirstBytes + index * SIZES.mainStepBytes;
}

/** The app package's bytes on the feature branch's build. */
export function featureAppBytes(): number {
  return mainAppBytes(COMPARE.mainBuilds - 1) + SIZES.featureGrowthBytes;
}

/** Gives each of the app's builds its artefacts, by branch, and tells the service their sizes. */
export function seedArtifactSizes(data: ServiceData, appId: string): void {
  const builds = data.builds.filter((b) => b.app_id === appId);
  let mainIndex = 0;
  for (const build of builds) {
    const branch = build.commit_info.branch;
    const onMain = branch === COMPARE.base;
    const appBytes = onMain
      ? mainAppBytes(mainIndex++)
      : branch === COMPARE.feature
        ? featureAppBytes()
        : branch === COMPARE.pullRequest
          ? SIZES.pullRequestBytes
          : branch === COMPARE.pullRequestInto
            ? SIZES.releaseBytes
            : featureAppBytes() + 600_000;
    const mapping = onMain || branch === COMPARE.pullRequestInto ? SIZES.mapping : SIZES.renamed;
    const files: [string, number][] = [
      [SIZES.app, appBytes],
      [mapping, 2_000_000 + (build.build_number ?? 0) * 10_000],
      [SIZES.whole, SIZES.wholeBytes],
    ];
    build.links = { download: files.map(([file, size]) => link(data, build, file, size)), install: [] };
  }
}

function link(data: ServiceData, build: Build, file: string, size: number): { name: string; url: string } {
  const path = artifactPath(build._id, file);
  data.artifactSizes.set(path, size);
  if (file === SIZES.whole) data.rangeIgnored.add(path);
  return { name: file, url: `${data.origin}${path}` };
}
