// Free space while a download runs. A chunked answer gives no size to check up front, and any
// answer may outgrow a disk that others fill meanwhile, so the disk is asked again every few MiB
// (statfs is cheap) and the download stops before it would write more than the disk had free.
import { freeBytes } from './artifactFile';

/** How many bytes arrive between two looks at the free space. */
export const SPACE_CHECK_BYTES = 4 * 1024 * 1024;

export class DiskRoom {
  /** The most bytes this download may have written in all, as of the last look. */
  private budget = Infinity;
  private nextCheck = 0;
  /** Bytes free at the last look, for the message. */
  free = Infinity;

  /** `limit`: at most this many bytes free when the download starts (tests); unset, the disk's own word (statfs) alone. */
  constructor(
    private readonly folder: string,
    private readonly limit = Infinity,
  ) {}

  /** True while `size` more bytes fit after the `written` ones. */
  async fits(written: number, size: number): Promise<boolean> {
    if (written >= this.nextCheck) {
      // What this download has written is already off the disk's free space.
      this.free = Math.min((await freeBytes(this.folder)) ?? Infinity, this.limit - written);
      this.budget = written + this.free;
      this.nextCheck = written + SPACE_CHECK_BYTES;
    }
    return written + size <= this.budget;
  }
}
