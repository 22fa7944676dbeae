// Why a download was refused before or while it ran, in a sentence that says what to check.
import * as l10n from '@vscode/l10n';
import { UnencryptedLinkError } from '../../api/downloads/download';
import type { DownloadRefusedError } from '../../api/transport/downloadGuard';
import type { UnsafeFolder } from './artifactFolder';
import { byteSize } from './downloadText';

export const SIZE_LIMIT_SETTING = 'buildService.downloadSizeLimitMB';

export function unsafeFolderReason({ reason, where }: UnsafeFolder): string {
  switch (reason) {
    case 'symlink':
      return l10n.t('{0} is a symbolic link, and a download never follows one out of the folder you chose', where);
    case 'not-folder':
      return l10n.t('{0} is not a folder', where);
    case 'outside':
      return l10n.t('{0} leads outside the folder you chose', where);
  }
}

export function refusedHopReason(error: DownloadRefusedError): string {
  const { refusal, host, range } = error;
  if (error instanceof UnencryptedLinkError) {
    return l10n.t('the link leads to http://{0}, where it would travel unencrypted, and the service uses https://', host);
  }
  if (refusal === 'unresolved') {
    return l10n.t('the link leads to http://{0}, a name this computer cannot look up, so where it leads cannot be checked', host);
  }
  if (refusal === 'downgrade') {
    return l10n.t('it was redirected from https:// to http://{0}, where it would travel unencrypted', host);
  }
  switch (range) {
    case 'loopback':
      return l10n.t('the link leads to {0} on this computer, which a download may reach only when the service is there too', host);
    case 'private':
      return l10n.t('the link leads to {0} on a private network, which a download may reach only when the service is there too', host);
    case 'link-local':
      return l10n.t(
        'the link leads to {0}, a link-local address (such as a cloud metadata service), which a download may reach only when the service is there too',
        host,
      );
    default:
      return l10n.t('the link leads to {0}, which is not a usable network address', host);
  }
}

export function tooLargeReason(size: number, limitBytes: number): string {
  return l10n.t('it is {0}, more than the limit of {1} ({2})', byteSize(size), byteSize(limitBytes), SIZE_LIMIT_SETTING);
}

export function grewTooLargeReason(limitBytes: number): string {
  return l10n.t('it grew past the limit of {0} ({1})', byteSize(limitBytes), SIZE_LIMIT_SETTING);
}

export function noSpaceReason(size: number, free: number): string {
  return l10n.t('it needs {0}, and the disk has {1} free', byteSize(size), byteSize(free));
}

export function outgrewDiskReason(free: number): string {
  return l10n.t('it grew past the free space of the disk ({0} free)', byteSize(free));
}
