import type { FastifyRequest } from 'fastify'
import type { Config } from '../config'

/** SHORT_LINK_BASE with a trailing slash, else `<this server's origin>/s/` (short links redirect at /s/:code). */
export function shortLinkBase(config: Pick<Config, 'SHORT_LINK_BASE'>, request: FastifyRequest): string {
  const base = config.SHORT_LINK_BASE || `${request.protocol}://${request.host}/s/`
  return base.endsWith('/') ? base : `${base}/`
}
