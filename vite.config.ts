import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The PWA plugin (injectManifest with sw/sw.ts) and asset precompression are added by the offline work.
export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/s/': 'http://127.0.0.1:8080' } },
  build: { target: 'es2022', sourcemap: false },
})
