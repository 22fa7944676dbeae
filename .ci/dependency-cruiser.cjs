// The layer rule of src/ (docs/ARCHITECTURE.md), checked by `npm run lint`. Imports point down only:
//   ids.ts  ←  api/  ←  core/  ←  services/  ←  views/  ←  commands/  ←  collaborators.ts, extension.ts, exports.ts
// Type-only imports count too (tsPreCompilationDeps): a type from an upper layer is still an arrow up.
const layerBelow = (layer, allowed) => ({
  name: `${layer}-imports-down-only`,
  comment: `src/${layer}/ may import only ${allowed.join(', ')} (and itself).`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: '^src/', pathNot: [`^src/${layer}/`, ...allowed.map((a) => `^src/${a}`)] },
});

// Inside a layer, its concept folders stand on floors too (bottom first; the files at the layer's root
// are `*.ts`, one room, unless named): a room imports only itself and rooms on lower floors, never a
// room beside it or above it. A folder deeper than these, or one not on a floor, fails until it has one.
const FLOORS = {
  api: [['*.ts'], ['parsing/'], ['transport/'], ['downloads/'], ['client/'], ['index.ts']],
  core: [
    ['cache/', 'network/', 'settings/', 'text/', 'workspace/'],
    ['accounts/', 'apps/', 'artifacts/'],
    ['builds/'],
    ['branch/'],
    ['testing/', 'polling/'],
    ['coverage/'],
    ['tools/'],
  ],
  services: [['*.ts'], ['accounts/'], ['errorPresenter.ts'], ['builds/'], ['branch/'], ['testing/'], ['sizes/']],
  views: [['*.ts'], ['apps/', 'branch/', 'testing/']],
  commands: [['*.ts'], ['accounts/', 'links/', 'builds/', 'artifacts/', 'testing/'], ['chatTools/'], ['changed/']],
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function floorRules(layer, floors) {
  const named = floors.flat().filter((room) => room.endsWith('.ts') && room !== '*.ts');
  // The files at the root but those named on a floor of their own.
  const rest = `^src/${layer}/${named.map((file) => `(?!${escape(file)}$)`).join('')}[^/]+\\.ts$`;
  const regexOf = (room) => (room === '*.ts' ? rest : `^src/${layer}/${escape(room)}${room.endsWith('/') ? '' : '$'}`);
  return floors.flatMap((floor, level) =>
    floor.map((room) => ({
      name: `${layer}-floors`,
      comment: `In src/${layer}/, ${room} imports only itself and the rooms on floors below it (FLOORS.${layer}).`,
      severity: 'error',
      from: { path: regexOf(room) },
      to: {
        path: `^src/${layer}/`,
        pathNot: [...floors.slice(0, level).flat(), room].map(regexOf),
      },
    })),
  );
}

function unplaced(layer, floors) {
  const folders = floors.flat().filter((room) => room.endsWith('/'));
  return {
    name: `${layer}-every-folder-on-a-floor`,
    comment: `A folder of src/${layer}/ stands on a floor of FLOORS.${layer}, and has no folder inside it.`,
    severity: 'error',
    from: { path: `^src/${layer}/[^/]+/`, pathNot: folders.map((folder) => `^src/${layer}/${escape(folder)}[^/]+$`) },
    to: { path: '^src/' },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle makes two modules one: neither can be read, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'ids-is-the-bottom',
      comment: 'src/ids.ts is shared with package.json by every layer, so it imports nothing.',
      severity: 'error',
      from: { path: '^src/ids\\.ts$' },
      to: { path: '^src/' },
    },
    layerBelow('api', ['ids.ts']),
    layerBelow('core', ['ids.ts', 'api/']),
    layerBelow('services', ['ids.ts', 'api/', 'core/']),
    layerBelow('views', ['ids.ts', 'api/', 'core/', 'services/']),
    layerBelow('commands', ['ids.ts', 'api/', 'core/', 'services/', 'views/']),
    ...Object.entries(FLOORS).flatMap(([layer, floors]) => [...floorRules(layer, floors), unplaced(layer, floors)]),
    {
      name: 'api-and-core-without-vscode',
      comment: 'The client and the rules run in plain Node (unit tests, benchmarks): no vscode import.',
      severity: 'error',
      from: { path: '^src/(api|core)/|^src/ids\\.ts$' },
      to: { path: '^vscode$|(^|/)@types/vscode/' },
    },
    {
      name: 'nothing-imports-the-top',
      comment:
        'extension.ts lists the features, collaborators.ts makes what they share, exports.ts describes what activate returns; nothing below uses them.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(extension|exports|collaborators)\\.ts$' },
      to: { path: '^src/(extension|exports|collaborators)\\.ts$' },
    },
    {
      name: 'collaborators-are-below-the-features',
      comment: 'collaborators.ts makes the objects several features share; a feature module or command group is not one of them.',
      severity: 'error',
      from: { path: '^src/collaborators\\.ts$' },
      to: { path: '^src/commands/', pathNot: '^src/commands/targets\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(out|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
