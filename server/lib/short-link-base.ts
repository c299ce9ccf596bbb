import type { FastifyRequest } from 'fastify'
import type { Config } from '../config'

/** A host name (letters, digits, hyphens, dots), an IPv4 or a bracketed IPv6 address, with an optional port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/** `<protocol>://<host>` of the request when its Host header is a well-formed host, else null. */
function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host
  const protocol = request.protocol
  if ((protocol !== 'http' && protocol !== 'https') || !HOST.test(host)) return null
  try {
    const url = new URL(`${protocol}://${host}`)
    return url.host === host.toLowerCase() ? url.origin : null
  } catch {
    return null
  }
}

/**
 * SHORT_LINK_BASE with a trailing slash; without it `<this server's origin>/s/` (short links redirect at /s/:code),
 * the origin taken from the Host header only when that is a well-formed host (never echoed as given), else `/s/`.
 */
export function shortLinkBase(config: Pick<Config, 'SHORT_LINK_BASE'>, request: FastifyRequest): string {
  if (config.SHORT_LINK_BASE)
    return config.SHORT_LINK_BASE.endsWith('/') ? config.SHORT_LINK_BASE : `${config.SHORT_LINK_BASE}/`
  const origin = requestOrigin(request)
  return origin ? `${origin}/s/` : '/s/'
}
