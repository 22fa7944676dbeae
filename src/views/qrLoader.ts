import { withLanguage } from '../core/language';
import { onFirstCall } from '../core/onFirstCall';

// The QR page and its encoder are a bundle of their own, dist/qr.js: most windows never show a QR
// code, so activation does not load them. esbuild.mjs turns the import below into `require("./qr.js")`,
// the sibling of dist/extension.js; in the unbundled test build (out/) it stays a require of
// out/src/views/qrPage.js.
type QrModule = typeof import('./qrPage');

/** The QR module, loaded once, on the first call, and told the display language's translations. */
export const loadQrModule: () => Promise<QrModule> = onFirstCall(() => import('./qrPage').then(withLanguage));
