#!/usr/bin/env node
// `npm run dev`: the API server (restarted when server/ or contract/ changes) and the Vite dev server, which
// proxies /api and /s/ to it. Ctrl+C stops both.
import { spawn } from 'node:child_process'

const children = [
  spawn('node', ['--watch-path=server', '--watch-path=contract', '--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '8080' },
  }),
  spawn('npx', ['vite', '--host', process.env.VITE_HOST ?? 'localhost'], { stdio: 'inherit' }),
]

let stopping = false
function stop(code = 0) {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 500)
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))
for (const child of children) child.on('exit', (code) => stop(code ?? 0))
