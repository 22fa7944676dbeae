// `npm run readme:tables`: the README's Commands and Settings tables, written from package.json (its
// `%key%` texts from package.nls.json) between the `<!-- commands -->` and `<!-- settings -->` markers, so
// they cannot drift from what the extension contributes. `--check` writes nothing and exits 1 when the
// README differs. test/unit/readmeTables.test.ts checks the README against `tables()` too.
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

/** package.json says `%key%` and keeps the English text in package.nls.json. */
function localizer(nls) {
  return (text) => {
    const match = /^%(.+)%$/.exec(text ?? '');
    if (!match) return text ?? '';
    const value = nls[match[1]];
    if (value === undefined) throw new Error(`package.nls.json has no ${match[1]}`);
    return typeof value === 'string' ? value : value.message;
  };
}

// Where a right-click menu shows a command, in the words of the README: each `when` clause package.json
// uses, by view. A menu entry with a clause not listed here stops the script, so a new one gets words.
const ITEMS = {
  'viewItem == account': 'an account',
  'viewItem =~ /^app(\\.filtered)?$/': 'an app',
  'viewItem == app.filtered': 'a filtered app',
  'viewItem =~ /^build\\./': 'a build',
  'viewItem =~ /^build\\.(queued|running)$/': 'a queued or running build',
  'viewItem =~ /^build\\.(success|failed)$/': 'a finished build',
  'viewItem =~ /^build\\.success/': 'a successful build',
  'viewItem == installLink': 'an install link',
  'viewItem == downloadLink': 'a download link',
  'viewItem == branchRepository': "a repository's section",
  'viewItem =~ /^branchBuild/': "your branch's build",
  'viewItem == branchBuild': "your branch's finished build",
};
const VIEWS = { 'buildService.apps': 'Apps', 'buildService.currentBranch': 'Current Branch' };
// What a click runs besides the menus: a build's link rows (src/core/builds/detailRows.ts), the status bar's
// build (src/views/branch/branchStatusBar.ts).
const CLICKS = {
  'buildService.openBuildLink': "Apps: click a build's commit, install or download link",
  'buildService.revealCurrentBranchBuild': "the status bar: click your branch's build",
};

/** Where each command is offered: the palette, a view's title bar, a right-click on a kind of row. */
function placesOf(manifest) {
  const { commands, menus } = manifest.contributes;
  const places = new Map(commands.map((c) => [c.command, { palette: true, titles: new Set(), items: new Map() }]));
  const at = (command) => {
    const place = places.get(command);
    if (!place) throw new Error(`a menu names ${command}, which package.json does not contribute`);
    return place;
  };
  for (const entry of menus.commandPalette ?? []) if (entry.when === 'false') at(entry.command).palette = false;
  for (const entry of menus['view/title'] ?? [])
    for (const [id, name] of Object.entries(VIEWS)) if (entry.when.includes(`view == ${id}`)) at(entry.command).titles.add(name);
  for (const entry of menus['view/item/context'] ?? []) {
    const [view, item] = entry.when.split(' && ');
    const name = VIEWS[view.replace('view == ', '')];
    const words = ITEMS[item];
    if (!name || !words) throw new Error(`no words for the menu clause "${entry.when}" (.ci/readmeTables.cjs ITEMS)`);
    const place = at(entry.command);
    place.items.set(name, [...new Set([...(place.items.get(name) ?? []), words])]);
  }
  for (const entry of menus['testing/item/context'] ?? []) at(entry.command).testing = true;
  return places;
}

function whereText(command, place) {
  const parts = [];
  if (place.palette) parts.push('Command Palette');
  if (place.titles.size > 0) parts.push(`${[...place.titles].join(' and ')} view title bar`);
  for (const [view, items] of place.items) parts.push(`${view}: right-click ${items.join(', ')}`);
  if (place.testing) parts.push("Testing view: right-click a build's test");
  if (CLICKS[command]) parts.push(CLICKS[command]);
  if (parts.length === 0) throw new Error(`${command} is offered nowhere (.ci/readmeTables.cjs CLICKS)`);
  return parts.join('; ');
}

/** A table cell: one line, no `|` that would end it. */
const cell = (text) =>
  String(text)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|');

/** How the Settings table writes a default: `(empty)` for an empty string, else the JSON value as text. */
function shownDefault(value) {
  return value === '' ? '(empty)' : String(value);
}

/** The two tables, as Markdown, from the manifest and its English strings. */
function tables(manifest, nls) {
  const text = localizer(nls);
  const places = placesOf(manifest);
  // Commands offered in the same places share a row, in package.json's order.
  const rows = new Map();
  for (const { command, title } of manifest.contributes.commands) {
    const where = whereText(command, places.get(command));
    rows.set(where, [...(rows.get(where) ?? []), text(title)]);
  }
  const category = text(manifest.contributes.commands[0]?.category);
  const commands = [
    `| Command (category "${category}") | Where |`,
    '|---|---|',
    ...[...rows].map(([where, titles]) => `| ${cell(titles.join(', '))} | ${cell(where)} |`),
  ].join('\n');
  const properties = Object.entries(manifest.contributes.configuration.properties).sort(([, a], [, b]) => (a.order ?? 0) - (b.order ?? 0));
  const settings = [
    '| Setting | Default | Meaning |',
    '|---|---|---|',
    ...properties.map(
      ([name, p]) => `| \`${name}\` | ${cell(shownDefault(p.default))} | ${cell(text(p.markdownDescription ?? p.description))} |`,
    ),
  ].join('\n');
  return { commands, settings };
}

/** The README with each marked section replaced by its table. */
function withTables(readme, generated) {
  let out = readme;
  for (const [name, table] of Object.entries(generated)) {
    const pattern = new RegExp(`(<!-- ${name} -->\\n)[\\s\\S]*?(<!-- /${name} -->)`);
    if (!pattern.test(out)) throw new Error(`README.md has no <!-- ${name} --> … <!-- /${name} --> section`);
    out = out.replace(pattern, (_, open, close) => `${open}${table}\n${close}`);
  }
  return out;
}

function projectTables() {
  const read = (name) => JSON.parse(readFileSync(path.join(root, name), 'utf8'));
  return tables(read('package.json'), read('package.nls.json'));
}

module.exports = { tables, withTables, projectTables };

if (require.main === module) {
  const file = path.join(root, 'README.md');
  const readme = readFileSync(file, 'utf8');
  const updated = withTables(readme, projectTables());
  if (process.argv.includes('--check')) {
    if (updated !== readme) {
      console.error('README.md: the Commands or Settings table differs from package.json; run npm run readme:tables');
      process.exit(1);
    }
  } else if (updated !== readme) {
    writeFileSync(file, updated);
    console.log('README.md: Commands and Settings tables written from package.json');
  } else console.log('README.md: the tables already match package.json');
}
