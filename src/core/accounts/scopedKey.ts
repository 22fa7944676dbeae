// "An id of one account's": ids repeat across services, so every cache, hold and tree id that keys by a
// service's id keys by this, one spelling for all (Account.scoped, the tracker's buildKey).

/** `id` (an app's, a build's) made unique among accounts, `account` being the account's id (its address). */
export function scopedKey(account: string, id: string): string {
  return `${account}/${id}`;
}
