import type { BuildServiceClient, Coverage, TestResults } from '../../api';
import { detailRows } from '../../core/builds/detailRows';
import { cachedAnswers, Lru } from '../../core/cache/lru';
import { coverageBytes, testsBytes } from '../../core/cache/weights';
import type { ArtifactSize } from '../../core/artifacts/artifactSizes';
import type { ArtifactSizes } from '../../services/sizes/artifactSizes';
import type { BuildNode } from './buildNode';
import { DetailNode } from './detailNode';

type Details = { tests?: TestResults; coverage?: Coverage };
// A finished build never changes, so its details are kept, by count and by the window's one ceiling in MiB.
const DETAILS_KEPT = 100;

/** The rows under an expanded build: a finished one's tests and coverage are fetched once, by account and id. */
export class BuildDetails {
  private readonly kept = new Lru<string, Details>(DETAILS_KEPT, cachedAnswers);

  constructor(private readonly sizes: ArtifactSizes) {}

  /** Another address or token may know the same build ids with other details. */
  clear(): void {
    this.kept.clear();
  }

  /** Rejects when its tests or coverage could not be fetched. */
  async rows(node: BuildNode, client: BuildServiceClient): Promise<DetailNode[]> {
    const { build } = node;
    const key = node.account.scoped(build.id);
    let extra = this.kept.get(key);
    // An unfinished build has no results to ask for yet.
    if (!extra && build.finished) {
      const [tests, coverage] = await Promise.all([client.getTests(build.id), client.getCoverage(build.id)]);
      extra = { tests, coverage };
      this.kept.set(key, extra, testsBytes(tests.tests) + coverageBytes(coverage));
    }
    // Each artifact's size: one small request each the first time ever, none after (services/sizes/).
    let sizes: ArtifactSize[] | undefined;
    if (build.finished && build.links.download.length > 0)
      sizes = await this.sizes.of(node.account, client, build, new AbortController().signal);
    return detailRows(build, { ...extra, sizes }, Date.now()).map((row, i) => new DetailNode(row, `${key}/${i}`, node.account));
  }
}
