/**
 * An in-memory Cache Storage for unit tests of the worker's helpers: enough of `CacheStorage` and `Cache`
 * (open, has, delete, keys, match, put) to observe what they read and write.
 */
type Entry = { body: ArrayBuffer; init: ResponseInit }

function urlOf(request: RequestInfo | URL): string {
  if (typeof request === 'string') return new URL(request).href
  if (request instanceof URL) return request.href
  return request.url
}

export class FakeCache {
  readonly entries = new Map<string, Entry>()

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const entry = this.entries.get(urlOf(request))
    return entry ? new Response(entry.body.slice(0), entry.init) : undefined
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const body = await response.arrayBuffer()
    const headers: Record<string, string> = {}
    response.headers.forEach((value, key) => (headers[key] = value))
    this.entries.set(urlOf(request), { body, init: { status: response.status, headers } })
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(urlOf(request))
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url))
  }

  /** Test helper: the stored body of `url` as text, or undefined. */
  async text(url: string): Promise<string | undefined> {
    return (await this.match(url))?.text()
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>()

  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name)
    if (!cache) {
      cache = new FakeCache()
      this.caches.set(name, cache)
    }
    return cache
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name)
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name)
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()]
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    for (const cache of this.caches.values()) {
      const hit = await cache.match(request)
      if (hit) return hit
    }
    return undefined
  }

  /** Typed as the DOM's CacheStorage for code under test. */
  asCacheStorage(): CacheStorage {
    return this as unknown as CacheStorage
  }
}
