/**
 * The baseline for the students throughput figure: a bare Fastify route that returns the same bytes as
 * `GET /api/students/`, in its own process like the real server. Usage: bare-server.ts PORT BODY_FILE [PATH [TYPE]]
 * (the district suite serves each list's bytes at its own path and content type).
 */
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const [port, file, path = '/api/students/', type = 'application/json; charset=utf-8'] = process.argv.slice(2)
const body = readFileSync(file)
const app = Fastify({ logger: false })
app.get(path, (_request, reply) => {
  void reply.header('content-type', type).send(body)
})
app.get('/api/health', (_request, reply) => {
  void reply.send({ status: 'ok' })
})
await app.listen({ port: Number(port), host: '127.0.0.1' })
