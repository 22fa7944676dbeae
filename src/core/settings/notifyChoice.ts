import * as l10n from '@vscode/l10n';
import type { Checked } from './validate';

/** 'triggered': builds triggered from this window; 'branch': every build of the current branch; 'off'. */
export type NotifyChoice = 'triggered' | 'branch' | 'off';

export const NOTIFY_CHOICES: readonly NotifyChoice[] = ['triggered', 'branch', 'off'];

/** The choice, accepting the setting's old true/false (true: triggered, false: off). */
export function checkNotifyChoice(raw: unknown): Checked<NotifyChoice> {
  if (raw === undefined || raw === null || raw === true) return { ok: true, value: 'triggered' };
  if (raw === false) return { ok: true, value: 'off' };
  if (typeof raw === 'string' && (NOTIFY_CHOICES as readonly string[]).includes(raw)) return { ok: true, value: raw as NotifyChoice };
  return { ok: false, problem: l10n.t('it must be one of {0}', NOTIFY_CHOICES.map((c) => `"${c}"`).join(', ')) };
}
