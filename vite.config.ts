import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { aliases } from './aliases'
import { chakraGlobalCss } from './scripts/chakra-global-css'
import { precompress } from './scripts/precompress'

const BRAND = '#1e40af'

// PRODUCT_NAME names the product on the login page, in the title and in the manifest (the server uses the same
// variable in its MFA mails); `npm start` builds with it.
const productName = process.env.PRODUCT_NAME?.trim() || 'Oktatói Portál'

function productNamePlugin(): Plugin {
  const escaped = productName.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return {
    name: 'portal-product-name',
    transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', escaped),
  }
}

export default defineConfig({
  plugins: [
    productNamePlugin(),
    // Chakra's global CSS made at build time, put in the page with the Chakra chunk (docs/decisions/ui.md).
    chakraGlobalCss(),
    react(),
    // DESIGN §5: our own worker (sw/sw.ts → /sw.js) with the precache manifest injected; updates wait for the
    // user ('Új verzió érhető el' → 'Frissítés'); src/pwa/register.ts registers it, so nothing is injected.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The glob below already precaches public/icons; the plugin adds manifest.webmanifest itself.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: productName,
        short_name: 'Portál',
        description: 'Diákok, csoportok, termek és munkaórák kezelése – hálózat nélkül is.',
        lang: 'hu',
        dir: 'ltr',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        theme_color: BRAND,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        globIgnores: ['manifest.webmanifest'],
      },
      devOptions: { enabled: false },
    }),
    // Last, so it also compresses sw.js and the manifest written by the PWA plugin.
    precompress(),
  ],
  resolve: { alias: aliases },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/s/': 'http://127.0.0.1:8080' } },
  build: { target: 'es2022', sourcemap: false },
})
