import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

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
    react(),
  ],
  build: isSsrBuild
    ? { target: 'node20', emptyOutDir: true, sourcemap: true, minify: false, copyPublicDir: false }
    : {
        outDir: `${process.env.BUILD_DIR ?? 'build'}/client`,
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        cssCodeSplit: true,
        rollupOptions: { input: 'src/entry-client.tsx' },
      },
  ssr: { noExternal: isSsrBuild ? [/^@fontsource\//] : [] },
}));
