// Bundles the action entry and the CLI into dist/ (committed: GitHub runs actions from the repo as is).
import { build } from "esbuild";
import { rmSync } from "node:fs";

rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { index: "src/index.ts", post: "src/action/post.ts", cli: "src/cli.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  // Node 20 for CLI users; the action itself runs on node24.
  target: "node20",
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  legalComments: "linked",
  // Some bundled dependencies are CommonJS and call require(); give them one in the ESM bundle.
  banner: { js: "import { createRequire as __dbgCreateRequire } from 'node:module'; const require = __dbgCreateRequire(import.meta.url);" },
  logLevel: "warning",
});
