// The download behind a build's own download links: a generated stream, never a file in the repository.
import { notFound } from './apiError';
import type { Answer } from './answer';
import { artifactBlocks, artifactPath, artifactSeed, artifactSize } from './artifacts';
import type { RouteHandler } from './routeContext';
import { buildOf } from './routeContext';

/** An artefact exists while one of the build's download links names it. */
export const getArtifact: RouteHandler = (context) => {
  const build = buildOf(context);
  const file = context.params.file;
  const path = artifactPath(build._id, file);
  if (!build.links?.download.some((link) => link.url === `${context.data.origin}${path}`)) {
    throw notFound(`Build "${build._id}" has no artefact "${file}"`);
  }
  return artifactAnswer(artifactSeed(build._id, file), artifactSize(build._id, file), file);
};

export function artifactAnswer(seed: string, size: number, file: string): Answer {
  // Both forms, as real servers send them: `filename*` for the UTF-8 name, `filename` for old clients.
  const plain = file.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return {
    status: 200,
    contentType: 'application/octet-stream',
    body: '',
    headers: { 'content-disposition': `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(file)}` },
    stream: { size, blocks: () => artifactBlocks(seed, size) },
  };
}
