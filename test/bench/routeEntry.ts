// One bundle for the route bench, so the client and the fetch it takes at activation share their module as in the extension.
export { BuildServiceClient } from '../../src/api/client/client';
export { takeHostFetch } from '../../src/api/transport/vscodeRoute';
