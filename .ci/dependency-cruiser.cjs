// The layer rule of src/ (docs/ARCHITECTURE.md), checked by `npm run lint`. Imports point down only:
//   ids.ts  ←  api/  ←  core/  ←  services/  ←  views/  ←  commands/  ←  extension.ts, exports.ts
// Type-only imports count too (tsPreCompilationDeps): a type from an upper layer is still an arrow up.
const layerBelow = (layer, allowed) => ({
  name: `${layer}-imports-down-only`,
  comment: `src/${layer}/ may import only ${allowed.join(', ')} (and itself).`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: '^src/', pathNot: [`^src/${layer}/`, ...allowed.map((a) => `^src/${a}`)] },
});

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
    {
      name: 'api-and-core-without-vscode',
      comment: 'The client and the rules run in plain Node (unit tests, benchmarks): no vscode import.',
      severity: 'error',
      from: { path: '^src/(api|core)/|^src/ids\\.ts$' },
      to: { path: '^vscode$|(^|/)@types/vscode/' },
    },
    {
      name: 'nothing-imports-the-top',
      comment: 'extension.ts wires everything and exports.ts describes what it returns; nothing below uses them.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(extension|exports)\\.ts$' },
      to: { path: '^src/(extension|exports)\\.ts$' },
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
