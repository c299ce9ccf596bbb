/**
 * Serves the built app (STATIC_DIR) at `/`: precompressed .br/.gz siblings, long-lived immutable hashed assets,
 * and `no-cache` for the files that name them (index.html, sw.js, the manifest). Without STATIC_DIR only the API runs.
 */
import { existsSync } from 'node:fs'
import { basename, join, relative, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js'])

export default fp(
  async (app) => {
    const root = app.config.STATIC_DIR
    const present = existsSync(join(root, 'index.html'))
    app.decorate('hasStaticApp', present)
    if (!present) {
      app.log.info({ root }, 'STATIC_DIR nem tartalmaz buildelt alkalmazást: csak az API fut')
      return
    }
    // Any static answer may differ by encoding (precompressed siblings); a short link's never does. Added in a hook,
    // since CORS sets Vary too. Callback-style: it runs on every answer, and an async hook costs a promise each time.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.url.startsWith('/api/') && !request.url.startsWith('/s/')) reply.vary('Accept-Encoding')
      done(null, payload)
    })
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      index: ['index.html'],
      setHeaders: (res, filePath) => {
        const path = filePath.replace(/\.(br|gz)$/, '')
        const rel = relative(root, path).split(sep).join('/')
        if (NO_CACHE.has(basename(path)) || path.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache')
        else if (rel.startsWith('assets/'))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
        else res.setHeader('Cache-Control', 'public, max-age=3600')
      },
    })
  },
  { name: 'static', dependencies: ['@fastify/sensible'] },
)
