// esbuild bundles an imported .css file as its text (the webview entry in esbuild.mjs), which the page puts in a <style> with its nonce.
declare module '*.css' {
  const text: string;
  export default text;
}
