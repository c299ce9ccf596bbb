/**
 * The baseline for the students throughput figure: a bare Fastify route that returns the same bytes as
 * `GET /api/students/`, in its own process like the real server. Usage: bare-server.ts PORT BODY_FILE
 */
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const [port, file] = process.argv.slice(2)
const body = readFileSync(file)
const app = Fastify({ logger: false })
app.get('/api/students/', (_request, reply) => {
  void reply.header('content-type', 'application/json; charset=utf-8').send(body)
})
app.get('/api/health', (_request, reply) => {
  void reply.send({ status: 'ok' })
})
await app.listen({ port: Number(port), host: '127.0.0.1' })
