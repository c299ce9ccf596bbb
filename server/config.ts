/**
 * Server configuration: environment variables read and validated once at start (DESIGN §3). Every variable is
 * optional; `loadConfig` throws a ConfigError naming each bad variable so `main.ts` can print them and exit.
 */
import { resolve } from 'node:path'

export interface Config {
  PORT: number
  HOST: string
  DATA_DIR: string
  DATABASE_URL: string | null
  SMTP_URL: string | null
  MAIL_FROM: string
  FILES_ROOT: string
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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'wss:' || url.protocol === 'ws:') &&
      url.origin === value.replace(/\/$/, '')
  } catch {
    return false
  }
}

/** Reads and validates the configuration from `env` (usually `process.env`). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = []
  const text = (name: string, fallback: string) => {
    const value = env[name]?.trim()
    return value ? value : fallback
  }
  const optional = (name: string) => env[name]?.trim() || null
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name]?.trim()
    if (!raw) return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name}=${raw}: ${min} és ${max} közötti egész szám kell / must be an integer ${min}–${max}`)
      return fallback
    }
    return value
  }

  const dataDir = resolve(text('DATA_DIR', './data'))
  const config: Config = {
    PORT: integer('PORT', 8080, 0, 65535),
    HOST: text('HOST', '0.0.0.0'),
    DATA_DIR: dataDir,
    DATABASE_URL: optional('DATABASE_URL'),
    SMTP_URL: optional('SMTP_URL'),
    MAIL_FROM: text('MAIL_FROM', 'Oktatói Portál <noreply@pelda.hu>'),
    FILES_ROOT: resolve(text('FILES_ROOT', resolve(dataDir, 'files'))),
    SHORT_LINK_BASE: text('SHORT_LINK_BASE', ''),
    CORS_ORIGINS: list(env.CORS_ORIGINS),
    CONNECT_SRC: list(env.CONNECT_SRC),
    TZ: text('TZ', 'Europe/Budapest'),
    PRODUCT_NAME: text('PRODUCT_NAME', 'Oktatói Portál'),
    STATIC_DIR: resolve(text('STATIC_DIR', './dist')),
    LOG_LEVEL: text('LOG_LEVEL', 'info'),
    TRUST_PROXY: ['1', 'true', 'yes'].includes((env.TRUST_PROXY ?? '').trim().toLowerCase()),
    PASSWORD_HASH_LOG_N: integer('PASSWORD_HASH_LOG_N', 17, 4, 20),
  }

  if (config.DATABASE_URL && !/^postgres(ql)?:\/\//.test(config.DATABASE_URL)) {
    problems.push('DATABASE_URL: postgres://… URL kell / must be a postgres:// URL')
  }
  if (config.SMTP_URL && !/^smtps?:\/\//.test(config.SMTP_URL)) {
    problems.push('SMTP_URL: smtp://… vagy smtps://… URL kell / must be an smtp:// or smtps:// URL')
  }
  if (config.SHORT_LINK_BASE && !/^https?:\/\//.test(config.SHORT_LINK_BASE)) {
    problems.push('SHORT_LINK_BASE: http(s):// URL kell / must be an http(s):// URL')
  }
  for (const origin of config.CORS_ORIGINS) {
    if (origin !== '*' && !isOrigin(origin)) problems.push(`CORS_ORIGINS: érvénytelen origin / invalid origin ${origin}`)
  }
  for (const origin of config.CONNECT_SRC) {
    if (!isOrigin(origin)) problems.push(`CONNECT_SRC: érvénytelen origin / invalid origin ${origin}`)
  }
  if (!isValidTimeZone(config.TZ)) problems.push(`TZ: ismeretlen időzóna / unknown time zone ${config.TZ}`)
  if (!LOG_LEVELS.includes(config.LOG_LEVEL)) problems.push(`LOG_LEVEL: ${LOG_LEVELS.join('|')}`)

  if (problems.length) throw new ConfigError(problems)
  return config
}
