/**
 * Server configuration: environment variables read and validated once at start (DESIGN §3) against one TypeBox
 * schema — the README's table in code: each variable's type, default and, as its description, what a valid value
 * is. Every variable is optional (an empty value counts as unset); `loadConfig` throws a ConfigError naming each bad
 * variable so `main.ts` can print them and exit.
 */
import { isIP } from 'node:net'
import { resolve } from 'node:path'
import { FormatRegistry, Type, type Static, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { UPLOAD_MAX_MB_DEFAULT } from '@contract/api/files'

export interface Config {
  PORT: number
  HOST: string
  /** PEM files: when both are set the server serves HTTPS itself on PORT (issue 17). */
  HTTPS_CERT: string | null
  HTTPS_KEY: string | null
  /** With HTTPS: plain HTTP on this port answers 308 to the HTTPS origin and serves the school's CA (/ca.crt). */
  HTTP_REDIRECT_PORT: number | null
  DATA_DIR: string
  DATABASE_URL: string | null
  /** Redis for the request limits shared by several processes (issue 17); null: counted per process. */
  REDIS_URL: string | null
  SMTP_URL: string | null
  MAIL_FROM: string
  FILES_ROOT: string
  /** Largest file one upload may carry, in MB (issue 9). */
  UPLOAD_MAX_MB: number
  SHORT_LINK_BASE: string
  CORS_ORIGINS: string[]
  CONNECT_SRC: string[]
  TZ: string
  PRODUCT_NAME: string
  STATIC_DIR: string
  LOG_LEVEL: string
  /**
   * Which reverse proxies' X-Forwarded-For is believed (Fastify's `trustProxy`): false (none), a hop count, or the
   * proxies' addresses/CIDRs; true believes any sender, so any client can choose its own address (README).
   */
  TRUST_PROXY: TrustProxy
  /** log2 of the scrypt cost N for new password hashes. 17 in production; tests use a cheap value. */
  PASSWORD_HASH_LOG_N: number
}

export type TrustProxy = boolean | number | string[]

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Hibás beállítás / invalid configuration:\n  ${problems.join('\n  ')}`)
    this.name = 'ConfigError'
  }
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (
      ['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) && url.origin === value.replace(/\/$/, '')
    )
  } catch {
    return false
  }
}

FormatRegistry.Set('portal-origin', isOrigin)
/** An IPv4/IPv6 address or a CIDR block of one. */
function isAddressOrCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/')
  const family = isIP(address ?? '')
  if (!family || rest.length) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/** TRUST_PROXY's forms: true/yes, false/no, a hop count, or a comma-separated list of addresses/CIDRs. */
function parseTrustProxy(value: string): TrustProxy | null {
  const word = value.toLowerCase()
  if (word === 'true' || word === 'yes') return true
  if (word === 'false' || word === 'no') return false
  if (/^\d{1,2}$/.test(word)) return Number(word) === 0 ? false : Number(word)
  const list = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  return list.length && list.every(isAddressOrCidr) ? list : null
}

FormatRegistry.Set('portal-trust-proxy', (value) => parseTrustProxy(value) !== null)
FormatRegistry.Set('portal-time-zone', (tz) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
    return true
  } catch {
    return false
  }
})

/** Comma-separated lists arrive as text and are validated item by item. */
const LISTS = ['CORS_ORIGINS', 'CONNECT_SRC'] as const

const integer = (min: number, max: number, fallback: number) =>
  Type.Integer({
    minimum: min,
    maximum: max,
    default: fallback,
    description: `${min} és ${max} közötti egész szám kell / must be an integer ${min}–${max}`,
  })

/** The environment: types, defaults (README's table) and, in `description`, what a valid value looks like. */
export const EnvSchema = Type.Object({
  PORT: integer(0, 65535, 8080),
  HOST: Type.String({ default: '0.0.0.0' }),
  HTTPS_CERT: Type.Optional(
    Type.String({ description: 'a tanúsítvány PEM-fájlja / the certificate PEM file' }),
  ),
  HTTPS_KEY: Type.Optional(Type.String({ description: 'a kulcs PEM-fájlja / the private key PEM file' })),
  HTTP_REDIRECT_PORT: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 65535,
      description: '1 és 65535 közötti egész szám kell / must be an integer 1–65535',
    }),
  ),
  DATA_DIR: Type.String({ default: './data' }),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      description: 'postgres://… URL kell / must be a postgres:// URL',
    }),
  ),
  REDIS_URL: Type.Optional(
    Type.String({
      pattern: '^rediss?://',
      description: 'redis://… vagy rediss://… URL kell / must be a redis:// or rediss:// URL',
    }),
  ),
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://',
      description: 'smtp://… vagy smtps://… URL kell / must be an smtp:// or smtps:// URL',
    }),
  ),
  MAIL_FROM: Type.String({ default: 'Oktatói Portál <noreply@pelda.hu>' }),
  /** Default `$DATA_DIR/files`, filled in below. */
  FILES_ROOT: Type.Optional(Type.String()),
  UPLOAD_MAX_MB: integer(1, 102400, UPLOAD_MAX_MB_DEFAULT),
  SHORT_LINK_BASE: Type.String({
    default: '',
    pattern: '^(https?://.+)?$',
    description: 'http(s):// URL kell / must be an http(s):// URL',
  }),
  CORS_ORIGINS: Type.Array(Type.Union([Type.Literal('*'), Type.String({ format: 'portal-origin' })]), {
    default: [],
    description: 'vesszővel elválasztott originek vagy * / comma-separated origins or *',
  }),
  CONNECT_SRC: Type.Array(Type.String({ format: 'portal-origin' }), {
    default: [],
    description: 'vesszővel elválasztott originek / comma-separated origins',
  }),
  TZ: Type.String({
    default: 'Europe/Budapest',
    format: 'portal-time-zone',
    description: 'ismeretlen időzóna / unknown time zone',
  }),
  PRODUCT_NAME: Type.String({ default: 'Oktatói Portál' }),
  STATIC_DIR: Type.String({ default: './dist' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info', description: 'fatal|error|warn|info|debug|trace|silent' },
  ),
  TRUST_PROXY: Type.String({
    default: 'false',
    format: 'portal-trust-proxy',
    description:
      'a proxy címe(i) vagy CIDR, a hopok száma, true vagy false / the proxy address(es) or CIDR, a hop count, true or false',
  }),
  PASSWORD_HASH_LOG_N: integer(4, 20, 17),
})

type Env = Static<typeof EnvSchema>

/** Reads and validates the configuration from `env` (usually `process.env`). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Only our variables; trimmed; empty means unset; lists split; case-insensitive words lower-cased.
  const raw: Record<string, unknown> = {}
  for (const name of Object.keys(EnvSchema.properties)) {
    const value = env[name]?.trim()
    if (!value) continue
    raw[name] = (LISTS as readonly string[]).includes(name)
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : name === 'LOG_LEVEL'
        ? value.toLowerCase()
        : // Whole numbers only: TypeBox's Value.Convert would truncate '17.5' to 17.
          (EnvSchema.properties[name as keyof Env] as TSchema).type === 'integer' && /^\d+$/.test(value)
          ? Number(value)
          : value
  }
  const parsed = Value.Default(EnvSchema, raw)

  // One problem per variable, with the value as given and what a valid one looks like.
  const problems = new Map<string, string>()
  for (const error of Value.Errors(EnvSchema, parsed)) {
    const name = error.path.split('/')[1]
    if (!name || problems.has(name)) continue
    const schema = EnvSchema.properties[name as keyof Env] as TSchema
    problems.set(name, `${name}=${env[name]?.trim() ?? ''}: ${schema.description ?? error.message}`)
  }
  // HTTPS needs both files; the redirect port only makes sense in front of HTTPS, on a port of its own.
  const set = (name: string) => !problems.has(name) && raw[name] !== undefined
  for (const [name, other] of [
    ['HTTPS_CERT', 'HTTPS_KEY'],
    ['HTTPS_KEY', 'HTTPS_CERT'],
  ] as const) {
    if (set(other) && !set(name))
      problems.set(name, `${name}: hiányzik, a ${other} mellé kötelező / missing: required with ${other}`)
  }
  if (set('HTTP_REDIRECT_PORT') && !(set('HTTPS_CERT') && set('HTTPS_KEY')))
    problems.set(
      'HTTP_REDIRECT_PORT',
      `HTTP_REDIRECT_PORT=${env.HTTP_REDIRECT_PORT?.trim()}: csak HTTPS_CERT és HTTPS_KEY mellett / only with HTTPS_CERT and HTTPS_KEY`,
    )
  else if (set('HTTP_REDIRECT_PORT') && raw.HTTP_REDIRECT_PORT === (parsed as Env).PORT)
    problems.set(
      'HTTP_REDIRECT_PORT',
      `HTTP_REDIRECT_PORT=${env.HTTP_REDIRECT_PORT?.trim()}: nem lehet azonos a PORT-tal / must differ from PORT`,
    )
  if (problems.size) throw new ConfigError([...problems.values()])

  const valid = parsed as Env
  const dataDir = resolve(valid.DATA_DIR)
  return {
    PORT: valid.PORT,
    HOST: valid.HOST,
    HTTPS_CERT: valid.HTTPS_CERT ? resolve(valid.HTTPS_CERT) : null,
    HTTPS_KEY: valid.HTTPS_KEY ? resolve(valid.HTTPS_KEY) : null,
    HTTP_REDIRECT_PORT: valid.HTTP_REDIRECT_PORT ?? null,
    DATA_DIR: dataDir,
    DATABASE_URL: valid.DATABASE_URL ?? null,
    REDIS_URL: valid.REDIS_URL ?? null,
    SMTP_URL: valid.SMTP_URL ?? null,
    MAIL_FROM: valid.MAIL_FROM,
    FILES_ROOT: resolve(valid.FILES_ROOT ?? resolve(dataDir, 'files')),
    UPLOAD_MAX_MB: valid.UPLOAD_MAX_MB,
    SHORT_LINK_BASE: valid.SHORT_LINK_BASE,
    CORS_ORIGINS: valid.CORS_ORIGINS,
    CONNECT_SRC: valid.CONNECT_SRC,
    TZ: valid.TZ,
    PRODUCT_NAME: valid.PRODUCT_NAME,
    STATIC_DIR: resolve(valid.STATIC_DIR),
    LOG_LEVEL: valid.LOG_LEVEL,
    TRUST_PROXY: parseTrustProxy(valid.TRUST_PROXY) ?? false,
    PASSWORD_HASH_LOG_N: valid.PASSWORD_HASH_LOG_N,
  }
}
