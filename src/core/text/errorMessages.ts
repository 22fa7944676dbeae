// What the user is told about a failed (or unsendable) request, and which fixes it offers (fixActions.ts
// labels them). Pure (no vscode) so the texts are unit-tested; the presenter, the views and the chat tools all say the same.
import * as l10n from '@vscode/l10n';
import type { ApiError, ApiErrorKind } from '../../api/errors';
import { Setting, type SettingId } from '../../ids';
import { noticeText, SHOWN_MAX, shownText, type NoticeText } from './serviceText';

export type FixAction =
  'openSettings' | 'setAccessToken' | 'openDashboard' | 'openStatusPage' | 'retry' | 'showLog' | 'openProxySettings' | 'allowUnencrypted';

export function invalidSettingMessage(setting: SettingId, problem: string): NoticeText {
  return noticeText(l10n.t('The setting {0} is not valid: {1}.'), setting, problem);
}

export interface UserMessage {
  severity: 'error' | 'warning';
  /** For a notification, a tooltip or a chat answer: it may quote the service, made inert. */
  message: NoticeText;
  /** In button order; the first is also what the error node in the tree does when clicked. */
  actions: FixAction[];
  /** A few words for the error node's label (one plain line). */
  short: string;
  /** The setting that Open Settings opens. */
  setting?: SettingId;
}

/** The kinds whose message gives the service's own words (a 401's `error`); a chat tool quotes them apart, as data. */
export const KINDS_WITH_SERVICE_WORDS: ReadonlySet<ApiErrorKind> = new Set(['missing-token', 'unauthorized']);

type Describable = Pick<ApiError, 'kind' | 'status' | 'serverMessage' | 'problem'> & { message?: string };

export function describeFailure(error: Describable, timeoutSeconds: number): UserMessage | undefined {
  const showLog = (short: string, message: string): UserMessage => ({
    severity: 'error',
    message: noticeText(message),
    actions: ['showLog'],
    short,
  });
  switch (error.kind) {
    case 'cancelled':
      return undefined; // The user or a newer refresh asked for it; nothing went wrong.
    case 'not-configured':
      return {
        severity: 'warning',
        message: noticeText(l10n.t("No build service address is set. Set buildService.baseUrl to your build service's /v1 address.")),
        actions: ['openSettings'],
        short: l10n.t('No service address set'),
        setting: Setting.baseUrl,
      };
    case 'invalid-setting':
      return {
        severity: 'warning',
        message: invalidSettingMessage(Setting.baseUrl, error.problem ?? l10n.t('it is not valid')),
        actions: ['openSettings'],
        short: l10n.t('The service address is not valid'),
        setting: Setting.baseUrl,
      };
    case 'missing-token':
    case 'unauthorized': {
      // The service's own words ("Invalid authorization token", "No authorization token was found").
      const fallback =
        error.kind === 'missing-token' ? l10n.t('No access token is set.') : l10n.t('The build service did not accept the access token.');
      const reason = error.serverMessage ? sentence(error.serverMessage) : fallback;
      return {
        severity: 'error',
        message: noticeText(l10n.t('{0} Set a personal access token from the dashboard.'), reason),
        actions: ['setAccessToken', 'openDashboard'],
        short: reason,
      };
    }
    case 'unavailable':
      return {
        severity: 'warning',
        message: error.status
          ? noticeText(
              l10n.t('The build service is temporarily unavailable ({0}). Check its status page or try again in a few minutes.'),
              error.status,
            )
          : noticeText(l10n.t('The build service is temporarily unavailable. Check its status page or try again in a few minutes.')),
        actions: ['openStatusPage', 'retry'],
        short: l10n.t('Service temporarily unavailable'),
      };
    case 'network':
      return showLog(
        l10n.t('Cannot reach the service'),
        l10n.t('Could not connect to the build service. Check the buildService.baseUrl setting and your network connection.'),
      );
    case 'proxy-auth':
      return {
        severity: 'error',
        message: noticeText(
          l10n.t(
            'The proxy requires authentication (407) and did not accept the credentials. Set them in http.proxy (http://user:password@host:port) or http.proxyAuthorization.',
          ),
        ),
        actions: ['openProxySettings', 'showLog'],
        short: l10n.t('Proxy authentication required'),
      };
    case 'certificate':
      // The client's message names what failed (not trusted, expired, wrong host) and the fix.
      return showLog(
        l10n.t('Certificate not accepted'),
        error.message ?? l10n.t("The build service's certificate was not accepted; nothing was sent."),
      );
    case 'unencrypted':
      // The consent warning is its own notification; this is what the views show meanwhile.
      return {
        severity: 'warning',
        message: noticeText(error.message ?? l10n.t('The access token was not sent to an unencrypted (http://) address.')),
        actions: ['allowUnencrypted'],
        short: l10n.t('Token not sent: unencrypted address'),
      };
    case 'timeout':
      return showLog(
        l10n.t('No answer in time'),
        timeoutSeconds === 1
          ? l10n.t('The build service did not answer within 1 second (buildService.requestTimeoutSeconds).')
          : l10n.t('The build service did not answer within {0} seconds (buildService.requestTimeoutSeconds).', timeoutSeconds),
      );
    case 'invalid-response':
      return showLog(l10n.t('Unreadable answer'), l10n.t('The build service sent an answer this extension cannot read.'));
    case 'bad-request':
      return showLog(l10n.t('Request refused'), l10n.t('The build service refused the request as malformed ({0}).', error.status ?? 400));
    case 'not-found':
      return showLog(
        l10n.t('Address not found'),
        l10n.t('The build service answered "not found" (404). Check that buildService.baseUrl is the service\'s /v1 address.'),
      );
    case 'server-error':
      return showLog(
        l10n.t('Service error'),
        l10n.t('The build service had an internal error ({0}). Try again later.', error.status ?? 500),
      );
  }
}

/** For failures that are bugs here rather than answers from the service. */
export function describeUnexpected(): UserMessage {
  return {
    severity: 'error',
    message: noticeText(l10n.t('Build Service ran into an unexpected problem.')),
    actions: ['showLog'],
    short: l10n.t('Unexpected problem'),
  };
}

/** The server's text as one plain sentence, ending in a full stop. */
function sentence(text: string): string {
  const clean = shownText(text, SHOWN_MAX - 1);
  return /[.!?…]$/.test(clean) ? clean : `${clean}.`;
}
