import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { parseBaseUrl } from '../../api/client/baseUrl';
import { InvalidBaseUrlError } from '../../api/errors';
import { accountIdOf, hostOf, labelProblem, suggestLabel } from '../../core/accounts/accounts';
import { noticeText, type NoticeText } from '../../core/text/serviceText';
import { URL_ENV_VAR } from '../../core/accounts/environmentToken';
import { tokenProblem, TOKEN_ENV_VAR } from '../../core/accounts/tokenFormat';
import { CommandId } from '../../ids';
import type { Account, Accounts } from '../../services/accounts/accounts';
import type { Log } from '../../services/log';
import { notify, withNotificationProgress } from '../../services/notify';
import type { SettingsService } from '../../services/settings';
import { AccountNode } from '../../views/apps/nodes';
import type { CommandGroup } from '../register';
import { Disposable } from '../../core/disposable';
import { PersistentState } from '../../services/persistentState';

export interface AccountCommandsDeps {
  accounts: Accounts;
  settings: SettingsService;
  globalState: vscode.Memento;
  /** What else keeps something of an account in globalState (the repository map, artifact sizes), forgotten at sign-out. */
  traces: readonly { forget(accountId: string): Promise<void> }[];
  log: Log;
}

/** The account a command was run on (a node, an id from a fix), the only one, or the user's pick. */
export async function pickAccount(accounts: Accounts, target: unknown, title: string): Promise<Account | undefined> {
  if (target instanceof AccountNode) return target.account;
  // An id from a fix or a test: that account, or none if it has gone since.
  if (typeof target === 'string') return accounts.byId(target);
  const all = accounts.all();
  if (all.length <= 1) return all[0];
  const picked = await vscode.window.showQuickPick(
    all.map((account) => ({ label: account.label, description: account.host, account })),
    { title, placeHolder: l10n.t('The account') },
  );
  return picked?.account;
}

/**
 * VS Code's Accounts menu: each account with a token is a session (its label; Sign Out removes it), and
 * signing in asks for the address, the token (a password box) and a name, checking the token with one
 * GET /apps before anything is stored. VS Code asks for sessions when it shows the menu, not at activation.
 */
export class AccountCommands extends Disposable implements vscode.AuthenticationProvider {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  /** What VS Code was last told; undefined until it first asks, so nothing is read for it before. */
  private reported: Map<string, string> | undefined;

  /** globalState: the address last signed in to, offered first next time (not secret). */
  private readonly state: PersistentState;

  constructor(private readonly deps: AccountCommandsDeps) {
    super();
    this.state = new PersistentState(deps.globalState);
    this.register(
      deps.accounts.onDidChange(() => void this.report()),
      deps.accounts.onDidChangeToken(() => void this.report()),
    );
  }

  table(): CommandGroup<typeof CommandId.signIn | typeof CommandId.signOut> {
    return {
      [CommandId.signIn]: () => this.signIn(),
      [CommandId.signOut]: (target) => this.signOut(target),
    };
  }

  async getSessions(
    _scopes?: readonly string[],
    options?: vscode.AuthenticationProviderSessionOptions,
  ): Promise<vscode.AuthenticationSession[]> {
    const sessions = await this.sessions();
    this.reported = new Map(sessions.map((s) => [s.id, `${s.account.label}|${s.accessToken}`]));
    return options?.account ? sessions.filter((s) => s.account.id === options.account?.id) : sessions;
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const account = await this.signIn();
    const session = account && (await this.sessionOf(account));
    if (!session) throw new Error(l10n.t('Sign-in to the build service was cancelled.'));
    return session;
  }

  async removeSession(sessionId: string): Promise<void> {
    await this.signOut(sessionId);
  }

  /** Asks, checks, stores; undefined when the user gave up or the check failed (the failure is thrown). */
  async signIn(): Promise<Account | undefined> {
    const { accounts, settings, log } = this.deps;
    const stored = this.state.read('buildService.lastAddress');
    const last = typeof stored === 'string' ? stored : settings.value.baseUrl;
    const title = l10n.t('Build Service: Sign In');
    const address = await vscode.window.showInputBox({
      title,
      prompt: l10n.t("The build service's API address, ending in /v1."),
      placeHolder: 'https://api.example.com/v1',
      value: last,
      ignoreFocusOut: true,
      validateInput: (text) => (text.trim() === '' ? undefined : addressProblem(text)),
    });
    if (address === undefined || address.trim() === '') return undefined;
    const baseUrl = accountIdOf(address);
    const existing = accounts.byId(baseUrl);
    const token = await vscode.window.showInputBox({
      title,
      prompt: l10n.t('Paste your personal access token for {0} (dashboard → your profile → access token).', hostOf(baseUrl)),
      placeHolder: l10n.t('Personal access token'),
      password: true,
      ignoreFocusOut: true,
      validateInput: (text) => (text.trim() === '' ? undefined : tokenProblem(text)),
    });
    if (token === undefined || token.trim() === '') return undefined;
    const others = accounts
      .all()
      .filter((a) => a !== existing)
      .map((a) => a.label);
    const label =
      existing?.label ??
      (await vscode.window.showInputBox({
        title,
        prompt: l10n.t('A name for this account, shown in the Apps view and the Accounts menu.'),
        value: suggestLabel(baseUrl, others),
        ignoreFocusOut: true,
        validateInput: (text) => labelProblem(text, others),
      }));
    if (label === undefined) return undefined;
    const apps = await withNotificationProgress(noticeText(l10n.t('Checking the access token with {0}…'), hostOf(baseUrl)), () =>
      accounts.check(baseUrl, token.trim(), label.trim()),
    );
    const account = await accounts.signIn(baseUrl, label.trim(), token.trim(), apps);
    await this.state.write('buildService.lastAddress', baseUrl);
    log.info(`Signed in to ${account.label} (${baseUrl}); the token is in secret storage.`);
    const n = apps.length;
    const listed = n === 0 ? l10n.t('no apps') : n === 1 ? l10n.t('1 app') : l10n.t('{0} apps', n.toLocaleString(vscode.env.language));
    void notify('info', noticeText(l10n.t('Signed in to {0}. The build service lists {1} for it.'), account.label, listed));
    return account;
  }

  private async signOut(target: unknown): Promise<void> {
    const account = await pickAccount(this.deps.accounts, target, l10n.t('Build Service: Sign Out'));
    if (!account) return;
    const label = account.label; // buildService.baseUrl's account stays, under its host
    await this.deps.accounts.signOut(account.id);
    await Promise.all(this.deps.traces.map((trace) => trace.forget(account.id)));
    if (this.state.read('buildService.lastAddress') === account.id) await this.state.write('buildService.lastAddress', undefined);
    const stillFromEnvironment = (await account.tokens.source()) === 'environment';
    this.deps.log.info(
      `Signed out of ${label}: its secrets, apps and followed builds are gone${stillFromEnvironment ? `; ${TOKEN_ENV_VAR} still signs in there` : ''}.`,
    );
    const parts = [noticeText(l10n.t('Signed out of {0}.'), label)];
    if (stillFromEnvironment)
      parts.push(
        noticeText(
          l10n.t('The token in {0} is still used for it, as {1} names its address: remove both from the environment to stop that.'),
          TOKEN_ENV_VAR,
          URL_ENV_VAR,
        ),
      );
    // VS Code lets no extension close a notification it showed.
    if (account.noticesOpen > 0) parts.push(noticeText(l10n.t('Notifications about it still on screen stay until you close them.')));
    void notify('info', parts.join(' ') as NoticeText);
  }

  private async sessions(): Promise<vscode.AuthenticationSession[]> {
    const sessions = await Promise.all(this.deps.accounts.all().map((a) => this.sessionOf(a)));
    return sessions.filter((s): s is vscode.AuthenticationSession => s !== undefined);
  }

  private async sessionOf(account: Account): Promise<vscode.AuthenticationSession | undefined> {
    const token = account.id ? await account.tokens.get() : undefined;
    return token ? { id: account.id, accessToken: token, account: { id: account.id, label: account.label }, scopes: [] } : undefined;
  }

  /** Tells VS Code what came, went or changed since it last asked. */
  private async report(): Promise<void> {
    if (!this.reported) return;
    const before = this.reported;
    const now = await this.sessions();
    this.reported = new Map(now.map((s) => [s.id, `${s.account.label}|${s.accessToken}`]));
    const added = now.filter((s) => !before.has(s.id));
    const changed = now.filter((s) => before.has(s.id) && before.get(s.id) !== this.reported?.get(s.id));
    const removed = [...before.keys()]
      .filter((id) => !this.reported?.has(id))
      .map((id) => ({ id, accessToken: '', account: { id, label: id }, scopes: [] }));
    if (added.length || changed.length || removed.length) this.changed.fire({ added, changed, removed });
  }

  override dispose(): void {
    super.dispose();
    this.changed.dispose();
  }
}

function addressProblem(text: string): string | undefined {
  try {
    parseBaseUrl(text);
    return undefined;
  } catch (error) {
    if (error instanceof InvalidBaseUrlError) return error.reason;
    throw error;
  }
}
