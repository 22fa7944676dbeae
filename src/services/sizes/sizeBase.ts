import type { Build } from '../../api';
import { Lru } from '../../core/cache/lru';
import { baseBuildFor } from '../../core/testing/baseComparison';
import { listLimitFor } from '../../core/testing/comparisonSettings';
import type { Look, TestComparisons } from '../testing/testComparisons';

/** The base of a build, as sizes compare it: its base branch, and that branch's build before it (undefined: none). */
export interface SizeBase {
  readonly branch: string;
  readonly base: Build | undefined;
}

/** Bases kept, by build and base branch: a second look asks nothing. */
const BASES_MAX = 64;

// The base is the comparison's, decided in one place: the base branch of services/testing/testComparisons.ts
// and the base build of core/testing/baseComparison.ts, from one list of the branch's latest builds.
export class SizeBases {
  private readonly bases = new Lru<string, Promise<SizeBase>>(BASES_MAX);

  constructor(private readonly comparisons: TestComparisons) {}

  async of(look: Look, build: Build): Promise<SizeBase> {
    const branch = await this.comparisons.baseBranchOf(look, build);
    if (!branch || !build.appId) return { branch, base: undefined };
    const key = `${look.account.scoped(build.id)}\n${branch}`;
    let found = this.bases.get(key);
    if (!found) {
      const appId = build.appId;
      found = this.comparisons.plan
        .run(look.signal, (signal) => look.client.listBuilds(appId, { branch, limit: listLimitFor(10), signal }))
        .then((builds) => ({ branch, base: baseBuildFor(build, branch, builds) }));
      this.bases.set(key, found);
      // A failure is asked again next time; a base that is not there yet too (the branch may get one).
      found.then((b) => b.base || this.bases.delete(key), () => this.bases.delete(key));
    }
    return found;
  }
}
