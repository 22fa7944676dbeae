// Reading a .vsix (a zip) with yauzl, the zip reader vsce itself is built on.
import yauzl from 'yauzl';

function open(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });
}

/** Walks the entries; `onEntry` may read one, and returns true to stop early. */
async function walk(file: string, onEntry: (zip: yauzl.ZipFile, entry: yauzl.Entry) => Promise<boolean>): Promise<void> {
  const zip = await open(file);
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        onEntry(zip, entry).then((stop) => (stop ? resolve() : zip.readEntry()), reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** The file names in the zip, sorted (folders are not entries of their own in a .vsix). */
export async function listZipEntries(file: string): Promise<string[]> {
  const names: string[] = [];
  await walk(file, (_zip, entry) => {
    names.push(entry.fileName);
    return Promise.resolve(false);
  });
  return names.sort();
}

/** One entry's content as UTF-8 text; throws when the zip has no such entry. */
export async function readZipText(file: string, name: string): Promise<string> {
  let text: string | undefined;
  await walk(file, async (zip, entry) => {
    if (entry.fileName !== name) return false;
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => {
      zip.openReadStream(entry, (error, s) => (error ? reject(error) : resolve(s)));
    });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    text = Buffer.concat(chunks).toString('utf8');
    return true;
  });
  if (text === undefined) throw new Error(`${file} has no entry ${name}`);
  return text;
}
