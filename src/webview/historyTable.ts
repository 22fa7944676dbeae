/// <reference lib="dom" />
// The Build History panel's rows as a table: the same rows the chart draws, for keyboards and screen readers.
import type { HistoryModel } from '../core/builds/history';

export function historyTable(model: HistoryModel, onSelect: (buildId: string) => void): HTMLTableElement {
  const table = document.createElement('table');
  const caption = table.createCaption();
  caption.textContent = model.summary;
  const head = table.createTHead().insertRow();
  for (const name of model.texts.columns) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = name;
    head.appendChild(th);
  }
  const body = table.createTBody();
  // Newest first, as the Apps view lists builds.
  [...model.rows].reverse().forEach((row) => {
    const tr = body.insertRow();
    tr.className = `outcome-${row.outcome}`;
    const build = document.createElement('button');
    build.type = 'button';
    build.className = 'build';
    build.textContent = row.label;
    build.title = model.texts.clickHint;
    build.addEventListener('click', () => onSelect(row.id));
    const th = document.createElement('th');
    th.scope = 'row';
    th.appendChild(build);
    tr.appendChild(th);
    for (const text of [row.branch, row.state, row.created, row.queued, row.duration, row.tests, row.coverage, row.size])
      tr.insertCell().textContent = text;
  });
  return table;
}
