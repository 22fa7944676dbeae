import { onFirstCall } from '../core/onFirstCall';

// The QR encoder is a bundle of its own, dist/qr.js: most windows never show a QR code, so activation
// does not load it. esbuild.mjs turns the import below into `require("./qr.js")`, the sibling of
// dist/extension.js; in the unbundled test build (out/) it stays a require of out/src/core/qrCode.js.
type QrModule = typeof import('../core/qrCode');

/** The QR module, loaded once, on the first call. */
export const loadQrModule: () => Promise<QrModule> = onFirstCall(() => import('../core/qrCode'));
