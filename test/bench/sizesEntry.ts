// One bundle for the sizes bench: the client's ranged request and the decisions around it, as they ship.
export { BuildServiceClient } from '../../src/api/client/client';
export { sizedArtifacts } from '../../src/core/artifacts/artifactSizes';
export { NO_SIZES, withSizes, type StoredSizes } from '../../src/core/artifacts/sizeStore';
