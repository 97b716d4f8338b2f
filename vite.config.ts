import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { messageGroups } from './scripts/message-groups.ts';
import { chunkReport } from './scripts/chunk-report.ts';
import { preloadHelper } from './scripts/preload-helper.ts';

// One config for the three builds of `npm run build`:
//   vite build                                   -> build/client (hashed assets + manifest)
//   vite build --ssr src/entry-server.tsx ...    -> build/ssr (the page renderer)
//   vite build --ssr api/main.ts ...             -> build/server (the Hono server entry)
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    {
      // Pages carry their stylesheets inline (src/entry-server.tsx); the client hydrates the
      // <style> from the page. The router plugin defaults this to off, so set it after it.
      name: 'inline-css',
      config: () => ({
        define: {
          'process.env.TSS_INLINE_CSS_ENABLED': JSON.stringify('true'),
          'import.meta.env.TSS_INLINE_CSS_ENABLED': JSON.stringify('true'),
        },
      }),
    },
    react(),
    messageGroups({ locales: 'locales' }),
    chunkReport(),
    preloadHelper(),
  ],
  // The browser gets its messages precompiled to ICU syntax trees (scripts/message-groups.ts), so
  // react-intl there needs no message parser: formatjs's documented `no-parser` entry of the
  // parser package stands in for it in the client build (react-intl itself is unchanged; a
  // string message would throw there). src/i18n/precompiled-messages.test.tsx holds the trees
  // to the strings' output.
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
          // The router's store reads through `use-sync-external-store/shim/with-selector`, whose
          // shim only stands in for React < 18: React 19's own hook takes its place (issue 48).
          {
            find: /^use-sync-external-store\/shim(\/index\.js)?$/,
            replacement: path.resolve(import.meta.dirname, 'src/sync-external-store.ts'),
          },
        ],
      },
  build: isSsrBuild
    ? { target: 'node20', emptyOutDir: true, sourcemap: true, minify: false, copyPublicDir: false }
    : {
        outDir: `${process.env.BUILD_DIR ?? 'build'}/client`,
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        cssCodeSplit: true,
        // No preload lists in the scripts: the server names a page's modules for the first paint
        // (src/boot.ts), and the router loads a route's chunk when a link is hovered; its imports
        // follow one round trip later. The lists of every route's imports cost every page 2.5 KB.
        modulePreload: false,
        // The page stylesheet is an input of its own (src/styles/page.css).
        rollupOptions: {
          input: ['src/entry-client.tsx', 'src/styles/page.css'],
          // react-intl makes its Formatted* components at module level without a pure mark, so
          // every page kept those we never use (and what they need).
          treeshake: {
            manualPureFunctions: [
              'createFormattedComponent',
              'createFormattedDateTimePartsComponent',
            ],
          },
          output: {
            // React and the router in two files, not eight: every page needs all of them, each file
            // is a request, and each is evaluated in a task of its own (src/boot.ts, issue 18).
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                {
                  name: 'router',
                  test: /node_modules[\\/](@tanstack|use-sync-external-store)[\\/]/,
                },
                // XState in one file: which of its modules a chunk needs shifts with every island
                // that moves, and a split of it cost the pages that use it a file and 0.3 KB.
                { name: 'xstate', test: /node_modules[\\/](xstate|@xstate)[\\/]/ },
              ],
            },
          },
        },
      },
}));
