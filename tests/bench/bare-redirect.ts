/**
 * The baseline for the short-link redirect figure: a bare Fastify `GET /s/:code` answering the same 302 with
 * `Cache-Control: no-store` from an in-memory map, in its own process like the real server.
 * Usage: bare-redirect.ts PORT CODE TARGET
 */
import Fastify from 'fastify'

const [port, code, target] = process.argv.slice(2)
const links = new Map([[code, target]])
const app = Fastify({ logger: false })
app.get<{ Params: { code: string } }>('/s/:code', (request, reply) => {
  const url = links.get(request.params.code)
  void reply.header('Cache-Control', 'no-store')
  if (!url) return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><h1>Nincs</h1>')
  return reply.redirect(url, 302)
})
app.get('/api/health', (_request, reply) => {
  void reply.send({ status: 'ok' })
})
await app.listen({ port: Number(port), host: '127.0.0.1' })
