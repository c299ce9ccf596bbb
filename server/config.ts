/**
 * Server configuration: environment variables read and validated once at start (DESIGN §3) by `env-schema` against
 * one TypeBox schema — the README's table in code: each variable's type, default and, as its description, what a
 * valid value is; the `Config` type is derived from it. Every variable is optional (an empty value counts as unset);
 * `loadConfig` throws a ConfigError naming each bad variable so `main.ts` can print them and exit.
 */
import { isIP } from 'node:net'
import { resolve } from 'node:path'
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { Ajv } from 'ajv'
import envSchema from 'env-schema'
import { UPLOAD_MAX_MB_DEFAULT } from '@contract/api/files'

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

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

/** env-schema's validator: our formats, defaults filled in, and no coercion (whole numbers are parsed below). */
const ajv = new Ajv({ allErrors: true, useDefaults: true, allowUnionTypes: true })
ajv.addFormat('portal-origin', isOrigin)
ajv.addFormat('portal-trust-proxy', (value: string) => parseTrustProxy(value) !== null)
ajv.addFormat('portal-time-zone', isTimeZone)

/** Comma-separated lists arrive as text and are validated item by item. */
const LISTS = ['CORS_ORIGINS', 'CONNECT_SRC'] as const

const integer = (min: number, max: number, fallback: number) =>
  Type.Integer({
    minimum: min,
    maximum: max,
    default: fallback,
    description: `${min} és ${max} közötti egész szám kell / must be an integer ${min}–${max}`,
  })

/** A variable without a default: null when unset. */
const unsetOr = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([Type.Null(), schema], { default: null, ...(description && { description }) })

/** The environment: types, defaults (README's table) and, in `description`, what a valid value looks like. */
export const EnvSchema = Type.Object({
  PORT: integer(0, 65535, 8080),
  HOST: Type.String({ default: '0.0.0.0' }),
  /** PEM files: when both are set the server serves HTTPS itself on PORT (issue 17). */
  HTTPS_CERT: unsetOr(Type.String(), 'a tanúsítvány PEM-fájlja / the certificate PEM file'),
  HTTPS_KEY: unsetOr(Type.String(), 'a kulcs PEM-fájlja / the private key PEM file'),
  /** With HTTPS: plain HTTP on this port answers 308 to the HTTPS origin and serves the school's CA (/ca.crt). */
  HTTP_REDIRECT_PORT: unsetOr(
    Type.Integer({ minimum: 1, maximum: 65535 }),
    '1 és 65535 közötti egész szám kell / must be an integer 1–65535',
  ),
  DATA_DIR: Type.String({ default: './data' }),
  DATABASE_URL: unsetOr(
    Type.String({ pattern: '^postgres(ql)?://' }),
    'postgres://… URL kell / must be a postgres:// URL',
  ),
  /**
   * PostgreSQL only: connections each process's pool may open (node-postgres `max`). Every process opens up to this
   * many, so processes × DATABASE_POOL_MAX plus the CLI's and backups' must fit in the server's max_connections (README).
   */
  DATABASE_POOL_MAX: integer(1, 1000, 10),
  /** Redis for the request limits shared by several processes (issue 17); null: counted per process. */
  REDIS_URL: unsetOr(
    Type.String({ pattern: '^rediss?://' }),
    'redis://… vagy rediss://… URL kell / must be a redis:// or rediss:// URL',
  ),
  SMTP_URL: unsetOr(
    Type.String({ pattern: '^smtps?://' }),
    'smtp://… vagy smtps://… URL kell / must be an smtp:// or smtps:// URL',
  ),
  MAIL_FROM: Type.String({ default: 'Oktatói Portál <noreply@pelda.hu>' }),
  /** Unset: `$DATA_DIR/files`, filled in by loadConfig. */
  FILES_ROOT: unsetOr(Type.String()),
  /** Largest file one upload may carry, in MB (issue 9). */
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
  /**
   * Which reverse proxies' X-Forwarded-For is believed (Fastify's `trustProxy`): false (none), a hop count, or the
   * proxies' addresses/CIDRs; true believes any sender, so any client can choose its own address (README).
   * Validated as text here, parsed by loadConfig.
   */
  TRUST_PROXY: Type.String({
    default: 'false',
    format: 'portal-trust-proxy',
    description:
      'a proxy címe(i) vagy CIDR, a hopok száma, true vagy false / the proxy address(es) or CIDR, a hop count, true or false',
  }),
  /** log2 of the scrypt cost N for new password hashes. 17 in production; tests use a cheap value. */
  PASSWORD_HASH_LOG_N: integer(4, 20, 17),
})

type Env = Static<typeof EnvSchema>

/** The configuration: the schema's values with the paths absolute, FILES_ROOT filled in and TRUST_PROXY parsed. */
export type Config = Omit<Env, 'FILES_ROOT' | 'TRUST_PROXY'> & { FILES_ROOT: string; TRUST_PROXY: TrustProxy }

/** The whole-number variables (an integer, or null or an integer). */
const INTEGERS = new Set(
  Object.entries(EnvSchema.properties)
    .filter(([, schema]) => [schema, ...((schema as TSchema).anyOf ?? [])].some((s) => s.type === 'integer'))
    .map(([name]) => name),
)

/** One problem per variable, with the value as given and what a valid one looks like. */
function problemsOf(error: unknown, env: Record<string, string | undefined>): Map<string, string> {
  const problems = new Map<string, string>()
  const errors = (error as { errors?: { instancePath: string; message?: string }[] }).errors
  if (!errors) throw error
  for (const { instancePath, message } of errors) {
    const name = instancePath.split('/')[1]
    if (!name || problems.has(name)) continue
    const schema = EnvSchema.properties[name as keyof Env] as TSchema
    problems.set(name, `${name}=${env[name]?.trim() ?? ''}: ${schema.description ?? message}`)
  }
  return problems
}

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
        : // Whole numbers only: '17.5' and '1e3' stay text and are refused.
          INTEGERS.has(name) && /^\d+$/.test(value)
          ? Number(value)
          : value
  }
  let valid: Env
  let problems = new Map<string, string>()
  try {
    valid = envSchema<Env>({ schema: EnvSchema, data: raw, env: false, ajv })
  } catch (error) {
    problems = problemsOf(error, env)
    valid = { PORT: EnvSchema.properties.PORT.default, ...raw } as Env
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
  else if (set('HTTP_REDIRECT_PORT') && raw.HTTP_REDIRECT_PORT === valid.PORT)
    problems.set(
      'HTTP_REDIRECT_PORT',
      `HTTP_REDIRECT_PORT=${env.HTTP_REDIRECT_PORT?.trim()}: nem lehet azonos a PORT-tal / must differ from PORT`,
    )
  if (problems.size) throw new ConfigError([...problems.values()])

  const dataDir = resolve(valid.DATA_DIR)
  return {
    ...valid,
    HTTPS_CERT: valid.HTTPS_CERT === null ? null : resolve(valid.HTTPS_CERT),
    HTTPS_KEY: valid.HTTPS_KEY === null ? null : resolve(valid.HTTPS_KEY),
    DATA_DIR: dataDir,
    FILES_ROOT: resolve(valid.FILES_ROOT ?? resolve(dataDir, 'files')),
    STATIC_DIR: resolve(valid.STATIC_DIR),
    TRUST_PROXY: parseTrustProxy(valid.TRUST_PROXY) ?? false,
  }
}
