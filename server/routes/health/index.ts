/**
 * Liveness and database check without authentication: `GET /health` (JSON, for monitoring) and `GET /status`, the
 * small Hungarian page the settings screen's 'Sokáig tart?' link opens (no script: the CSP forbids inline script).
 */
import { readFileSync } from 'node:fs'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sql } from 'drizzle-orm'
import { HealthResponse, withErrors } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { HttpError } from '@server/lib/http-error'
import { safeError } from '@server/lib/log'

const VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/** The status page: every value escaped; one inline style sheet (the CSP's style-src allows 'unsafe-inline'). */
export function statusPage(options: {
  productName: string
  databaseUp: boolean
  version: string
  time: string
}): string {
  const line = (label: string, value: string) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`
  return `<!doctype html>
<html lang="hu">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rendszerállapot</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 32rem; padding: 0 1rem; line-height: 1.5; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
@media (prefers-color-scheme: dark) { body { background: #111; color: #eee; } }
</style>
</head>
<body>
<h1>Rendszerállapot</h1>
<p>${escapeHtml(options.productName)}</p>
<dl>
${line('Szerver:', 'működik')}
${line('Adatbázis:', options.databaseUp ? 'működik' : 'nem elérhető')}
${line('Verzió:', options.version)}
${line('Idő:', options.time)}
</dl>
</body>
</html>
`
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const databaseUp = async (request: { log: { error: (o: object, m: string) => void } }) => {
    try {
      await app.db.execute(sql`select 1`)
      return true
    } catch (error) {
      request.log.error({ err: safeError(error) }, 'health: database unreachable')
      return false
    }
  }

  app.get(
    '/health',
    { schema: { response: withErrors({ 200: HealthResponse }, 429, 503) } },
    async (request) => {
      if (!(await databaseUp(request))) throw new HttpError(503, MESSAGES.internal)
      // Not the database kind: anyone may call this, and what runs behind the server is nobody's business.
      return { status: 'ok' as const, time: app.now().toISOString() }
    },
  )

  app.get('/status', async (request, reply) => {
    const up = await databaseUp(request)
    const time = new Intl.DateTimeFormat('hu-HU', {
      dateStyle: 'long',
      timeStyle: 'medium',
      timeZone: app.config.TZ,
    }).format(app.now())
    return reply
      .code(up ? 200 : 503)
      .type('text/html; charset=utf-8')
      .send(statusPage({ productName: app.config.PRODUCT_NAME, databaseUp: up, version: VERSION, time }))
  })
}

export default routes
