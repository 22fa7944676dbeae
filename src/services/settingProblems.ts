import { invalidSettingMessage } from '../core/text/errorMessages';
import type { Log } from './log';
import { promptForSetting } from './settingPrompt';
import type { Settings } from './settings';

/** Once per distinct invalid value: a settings change fires for every keystroke in settings.json. */
export class SettingProblemNotifier {
  private shown = new Set<string>();

  constructor(private readonly log: Log) {}

  report(settings: Settings): void {
    const now = new Set<string>();
    for (const { setting, problem } of settings.problems) {
      const key = `${setting}|${problem}`;
      now.add(key);
      if (this.shown.has(key)) continue;
      const message = invalidSettingMessage(setting, problem);
      this.log.warn(message);
      promptForSetting(setting, message, 'warning');
    }
    // Forget fixed problems, so the same mistake made again later is reported again.
    this.shown = now;
  }
}
