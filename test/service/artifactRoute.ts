// The download behind a build's own download links: a generated stream, never a file in the repository.
// A `Range: bytes=a-b` gets those bytes (206, Content-Range), as a CDN answers; a path in `rangeIgnored`
// gets the whole file instead, trickled, so a client that reads it is caught.
import { notFound } from './apiError';
import type { Answer } from './answer';
import { artifactBlocks, artifactPath, artifactSeed, artifactSize } from './artifacts';
import type { RouteHandler } from './routeContext';
import { buildOf } from './routeContext';

/** How a range-ignoring server trickles: 1 KiB every 20 ms, so 3 MB would take a minute. */
const TRICKLE = { bytes: 1024, everyMs: 20 };

/** An artefact exists while one of the build's download links names it. */
export const getArtifact: RouteHandler = (context) => {
  const build = buildOf(context);
  const file = context.params.file;
  const path = artifactPath(build._id, file);
  if (!build.links?.download.some((link) => link.url === `${context.data.origin}${path}`)) {
    throw notFound(`Build "${build._id}" has no artefact "${file}"`);
  }
  const size = context.data.artifactSizes.get(path) ?? artifactSize(build._id, file);
  const answer = artifactAnswer(artifactSeed(build._id, file), size, file);
  if (!context.data.rangeIgnored.has(path)) return ranged(answer, context.range);
  const record = { path, sent: 0, complete: false };
  context.data.trickled.push(record);
  return { ...answer, stream: { ...(answer.stream as NonNullable<Answer['stream']>), trickle: { ...TRICKLE, record } } };
};

export function artifactAnswer(seed: string, size: number, file: string): Answer {
  // Both forms, as real servers send them: `filename*` for the UTF-8 name, `filename` for old clients.
  const plain = file.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return {
    status: 200,
    contentType: 'application/octet-stream',
    body: '',
    headers: {
      'content-disposition': `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(file)}`,
      'accept-ranges': 'bytes',
    },
    stream: { size, blocks: () => artifactBlocks(seed, size) },
  };
}

/** One range of the answer's bytes (RFC 9110 14.2), the whole answer when none or several are asked. */
export function ranged(answer: Answer, range: string | undefined): Answer {
  const stream = answer.stream;
  const asked = /^bytes=(\d+)-(\d*)$/.exec(range?.trim() ?? '');
  if (!stream || !asked) return answer;
  const size = stream.size;
  const start = Number(asked[1]);
  if (start >= size)
    return {
      ...answer,
      status: 416,
      headers: { ...answer.headers, 'content-range': `bytes */${size}` },
      stream: { size: 0, blocks: () => [] },
    };
  const end = Math.min(asked[2] ? Number(asked[2]) : size - 1, size - 1);
  return {
    ...answer,
    status: 206,
    headers: { ...answer.headers, 'content-range': `bytes ${start}-${end}/${size}` },
    stream: { size: end - start + 1, blocks: () => slice(stream.blocks(), start, end) },
  };
}

function* slice(blocks: Iterable<Buffer>, start: number, end: number): Generator<Buffer> {
  let offset = 0;
  for (const block of blocks) {
    const from = Math.max(start - offset, 0);
    const to = Math.min(end + 1 - offset, block.length);
    if (to > from) yield block.subarray(from, to);
    offset += block.length;
    if (offset > end) return;
  }
}
