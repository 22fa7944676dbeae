// The encoder inside the qrcode package, typed from @types/qrcode. core/qrCode.ts uses it alone:
// the package's main module also loads PNG, terminal and text renderers (pngjs) we never draw with.
declare module 'qrcode/lib/core/qrcode' {
  export { create } from 'qrcode';
}
