/**
 * Server configuration: environment variables read and validated once at start (DESIGN §3) against one TypeBox
 * schema — the README's table in code: each variable's type, default and, as its description, what a valid value
 * is. Every variable is optional (an empty value counts as unset); `loadConfig` throws a ConfigError naming each bad
 * variable so `main.ts` can print them and exit.
 */
import { resolve } from 'node:path'
import { FormatRegistry, Type, type Static, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { UPLOAD_MAX_MB_DEFAULT } from '../contract/api/files'

export interface Config {
  PORT: number
  HOST: string
  DATA_DIR: string
  DATABASE_URL: string | null
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
  /** Trust X-Forwarded-For from a reverse proxy (for per-IP sign-in throttling). */
  TRUST_PROXY: boolean
  /** log2 of the scrypt cost N for new password hashes. 17 in production; tests use a cheap value. */
  PASSWORD_HASH_LOG_N: number
}

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
  DATA_DIR: Type.String({ default: './data' }),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      description: 'postgres://… URL kell / must be a postgres:// URL',
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
  TRUST_PROXY: Type.Union(
    ['1', 'true', 'yes', '0', 'false', 'no'].map((value) => Type.Literal(value)),
    { default: 'false', description: '1|true|yes vagy 0|false|no / 1|true|yes or 0|false|no' },
  ),
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
      : name === 'TRUST_PROXY' || name === 'LOG_LEVEL'
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
  if (problems.size) throw new ConfigError([...problems.values()])

  const valid = parsed as Env
  const dataDir = resolve(valid.DATA_DIR)
  return {
    PORT: valid.PORT,
    HOST: valid.HOST,
    DATA_DIR: dataDir,
    DATABASE_URL: valid.DATABASE_URL ?? null,
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
    TRUST_PROXY: ['1', 'true', 'yes'].includes(valid.TRUST_PROXY),
    PASSWORD_HASH_LOG_N: valid.PASSWORD_HASH_LOG_N,
  }
}
