// One bundle for the download bench, so the client and the saver share their classes as they do in the extension.
export { BuildServiceClient } from '../../src/api/client/client';
export { saveArtifact } from '../../src/core/artifacts/artifactDownload';
