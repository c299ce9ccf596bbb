/**
 * A loopback TCP proxy in front of the server. The browser talks to the proxy, so a spec can cut the network
 * for real — page, service worker and all — instead of trusting the browser's offline emulation alone.
 */
import { createServer, connect, type Socket } from 'node:net'

export interface NetCut {
  port: number
  url: string
  isCut(): boolean
  /** Refuses new connections and drops the open ones. */
  cut(): void
  restore(): void
  /** Connections accepted since the last reset (refused ones not counted). */
  connections(): number
  close(): Promise<void>
}

export async function startNetCut(targetPort: number): Promise<NetCut> {
  let cutOff = false
  let accepted = 0
  const open = new Set<Socket>()
  const server = createServer((client) => {
    if (cutOff) {
      client.destroy()
      return
    }
    accepted++
    const upstream = connect(targetPort, '127.0.0.1')
    open.add(client)
    open.add(upstream)
    const drop = () => {
      client.destroy()
      upstream.destroy()
      open.delete(client)
      open.delete(upstream)
    }
    client.on('error', drop)
    upstream.on('error', drop)
    client.on('close', drop)
    upstream.on('close', drop)
    client.pipe(upstream)
    upstream.pipe(client)
  })
  const port: number = await new Promise((resolve, reject) => {
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (!address || typeof address === 'string') reject(new Error('netcut: no port'))
      else resolve(address.port)
    })
  })
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    isCut: () => cutOff,
    cut() {
      cutOff = true
      for (const socket of open) socket.destroy()
      open.clear()
    },
    restore() {
      cutOff = false
    },
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
