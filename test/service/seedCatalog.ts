// The seeded apps: both platforms, names in several scripts, shared repositories, one app with no
// builds, two with fields the documentation never showed, and one whose answers take the shapes the
// live service was seen to send (API.md 2b). Changing this changes every seeded id.

export interface AppSpec {
  /** The two documented apps keep their documented ids and one the live service's; the rest derive theirs from the name. */
  id?: string;
  name: string;
  platform: 'ios' | 'android';
  repoUrl: string;
  /** The first is the default branch. */
  branches: string[];
  deletedBranches?: string[];
  buildCount: number;
  /** iOS schemes: each scheme's build is a build of its own, with a `scheme_name`. */
  schemes?: string[];
  extraFields?: Record<string, unknown>;
  /**
   * Answers as the live service sent them (API.md 2b): no platform, build ids of 18 to 26 letters and
   * digits, short commit shas, `html_url` "", no `links` on builds without artefacts, an integer 0
   * coverage, pull-request builds, and tests named in `test` with `success` for passed.
   */
  liveShapes?: boolean;
  deploymentGroups?: { name: string; branch: string; testers: string[] }[];
  /** Builds for comparing failures with a base branch (seedComparison.ts), instead of `buildCount` generated ones. */
  baseComparison?: boolean;
}

/** The two documented apps (API.md's example ids), both built from one repository. */
export const IOS_2048 = '58a4e07838704cb2eacd7ce4';
export const ANDROID_2048 = '58a4e07838704cb2eacd7ce6';
export const REPO_2048 = 'git@github.com:myorg/2048.git';
/** The app whose answers take the live service's shapes; its id is one the live service used. */
export const LIVE_SHAPES_APP = '1';
/** The repository of the app whose builds are for comparing failures with a base branch. */
export const COMPARE_REPO = 'git@github.com:myorg/zest.git';
/** The repository three seeded apps build (two iOS, one Android), none of them a 2048 app. */
export const WEATHER_REPO = 'https://github.com/myorg/weather.git';
/** A branch every app with builds has, whose name needs percent-encoding in a query. */
export const FIND_REPLACE = 'feature/find&replace';

export const SEEDED_APPS: AppSpec[] = [
  {
    id: IOS_2048,
    name: '2048 iOS App',
    platform: 'ios',
    repoUrl: REPO_2048,
    branches: ['master', 'develop', 'release/2.0', FIND_REPLACE],
    deletedBranches: ['feature/old-ui'],
    buildCount: 12,
    schemes: ['m2048', 'm2048 Widgets'],
    deploymentGroups: [
      { name: 'QA team', branch: 'develop', testers: ['qa@example.com', 'zoë@example.com'] },
      { name: 'Beta testers 🧪', branch: 'release/2.0', testers: ['beta1@example.com', 'beta2@example.com'] },
    ],
  },
  {
    id: ANDROID_2048,
    name: '2048 Android App',
    platform: 'android',
    repoUrl: REPO_2048,
    branches: ['master', 'develop', FIND_REPLACE],
    deletedBranches: ['hotfix/1.0.1'],
    buildCount: 10,
  },
  {
    name: 'Café Crème iOS',
    platform: 'ios',
    repoUrl: 'https://github.com/myorg/cafe-creme.git',
    branches: ['main', FIND_REPLACE, 'feature/café-au-lait'],
    buildCount: 9,
  },
  {
    name: 'Crème Brûlée Android',
    platform: 'android',
    repoUrl: 'https://github.com/myorg/cafe-creme.git',
    branches: ['main', 'develop', FIND_REPLACE],
    buildCount: 8,
  },
  {
    name: '天気予報 Android',
    platform: 'android',
    repoUrl: WEATHER_REPO,
    branches: ['master', FIND_REPLACE, 'fix/天気-キャッシュ'],
    deletedBranches: ['experiment/雨'],
    buildCount: 10,
  },
  {
    name: '天気予報 iOS',
    platform: 'ios',
    repoUrl: WEATHER_REPO,
    branches: ['master', 'release/3.x', FIND_REPLACE],
    buildCount: 7,
  },
  {
    name: 'الطقس اليوم iOS',
    platform: 'ios',
    repoUrl: WEATHER_REPO,
    branches: ['main', FIND_REPLACE, 'feature/عربي'],
    buildCount: 8,
  },
  {
    name: 'חדשות Android',
    platform: 'android',
    repoUrl: 'git@github.com:myorg/news.git',
    branches: ['main', 'develop', FIND_REPLACE],
    deletedBranches: ['old/rtl-layout'],
    buildCount: 9,
  },
  {
    name: '🚀 Rocket iOS',
    platform: 'ios',
    repoUrl: 'git@github.com:myorg/rocket.git',
    branches: ['main', FIND_REPLACE, 'feature/🚀-launch'],
    buildCount: 11,
  },
  {
    name: '🚀 Rocket Android',
    platform: 'android',
    repoUrl: 'git@github.com:myorg/rocket.git',
    branches: ['main', FIND_REPLACE, 'feature/🚀-launch'],
    buildCount: 9,
    extraFields: { beta_channel: true, icon_url: null, owner: { org: 'myorg', team: 'Rockets' } },
    deploymentGroups: [{ name: 'Launch crew', branch: 'main', testers: ['crew@example.com'] }],
  },
  {
    id: LIVE_SHAPES_APP,
    name: 'Enterprise Field Service Management Suite for iOS (Internal Beta Channel)',
    platform: 'ios',
    liveShapes: true,
    repoUrl: 'https://gitlab.com/acme/field-service.git',
    branches: ['develop', 'main'],
    buildCount: 6,
    extraFields: { stack: 'xcode-16', created_at: '2023-11-02T10:00:00.000Z' },
  },
  {
    name: 'Nouvelle Appli Android',
    platform: 'android',
    repoUrl: 'git@github.com:myorg/nouvelle.git',
    branches: ['main'],
    buildCount: 0,
  },
  // Last, so no other app's ids or times move; a repository of its own, so no other view changes.
  {
    name: 'Zest Checkout iOS',
    platform: 'ios',
    repoUrl: COMPARE_REPO,
    branches: ['main'],
    buildCount: 0,
    baseComparison: true,
  },
];
