/**
 * The service worker and the page agree by one table (contract/api-resources.ts): every cached resource has a query
 * key, every query key of the app comes from the table, and a notice for a cached path names the key of its query.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  API_RESOURCES,
  matchApiResource,
  pathTemplatePattern,
  queryKeyForPath,
  queryKeyOf,
  resourcePath,
  type ApiResourceId,
  type PathParams,
} from './api-resources'

const ids = Object.keys(API_RESOURCES) as ApiResourceId[]

/** Sample values for a resource's path parameters. */
function sampleParams(id: ApiResourceId): string[] {
  return (API_RESOURCES[id].path.match(/:[^/]+/g) ?? []).map((_, index) => `p${index + 1}`)
}

describe('path templates', () => {
  it('match the path with or without a trailing slash, and nothing longer', () => {
    const pattern = pathTemplatePattern('/notes/:groupId')
    expect(pattern.test('/notes/g1')).toBe(true)
    expect(pattern.test('/notes/g1/')).toBe(true)
    expect(pattern.test('/notes')).toBe(false)
    expect(pattern.test('/notes/g1/x')).toBe(false)
  })

  it('match everything under a final /**, and the path itself', () => {
    const pattern = pathTemplatePattern('/groups/**')
    expect(pattern.test('/groups')).toBe(true)
    expect(pattern.test('/groups/create')).toBe(true)
    expect(pattern.test('/groups/g1/members')).toBe(true)
    expect(pattern.test('/groupsx')).toBe(false)
  })

  it('take literal segments literally', () => {
    expect(pathTemplatePattern('/proxy/block').test('/proxy/block.txt')).toBe(false)
    expect(pathTemplatePattern('/a.b').test('/axb')).toBe(false)
  })
})

describe('query keys', () => {
  it('are the resource id followed by its path parameters and any further parts', () => {
    expect(queryKeyOf('students')).toEqual(['students'])
    expect(queryKeyOf('notes', 'g1')).toEqual(['notes', 'g1'])
    expect(queryKeyOf('seating', 'c1', 'g1', { week: 3 })).toEqual(['seating', 'c1', 'g1', { week: 3 }])
  })

  it('are found again from a cached path, parameters decoded', () => {
    const path = resourcePath('seating', 'terem 1', 'g/1')
    expect(path).toBe('/classrooms/terem%201/groups/g%2F1/seating')
    expect(queryKeyForPath(path)).toEqual(queryKeyOf('seating', 'terem 1', 'g/1'))
  })

  it('are not found for paths that are not cached', () => {
    expect(queryKeyForPath('/auth/login')).toBeNull()
    expect(queryKeyForPath('/auditlog/export.csv')).toBeNull()
  })
})

describe('every cached resource', () => {
  it.each(ids)(
    '%s is cached under its own id (no other template shadows it) and gives back its query key',
    (id) => {
      // The table is walked as data here; the typed calls are checked by the other tests and by tsc.
      const params = sampleParams(id) as PathParams<ApiResourceId>
      const path = resourcePath(id, ...params)
      expect(matchApiResource(path)?.id).toBe(id)
      expect(queryKeyForPath(path)).toEqual([id, ...params])
    },
  )

  it.each(ids)('%s is refreshed by at least one write', (id) => {
    expect(API_RESOURCES[id].refreshedBy.length).toBeGreaterThan(0)
  })
})

// ---- The app's queries ---------------------------------------------------------------------------------------------
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Cached for a screen that is not written yet (its issue adds the query hook and removes the id from here), or
 * cached although no screen reads it today: `groups` (every group, for administrators) and `classroom` (one
 * classroom) are served for other clients and kept cached so that a screen that starts reading them works offline.
 */
const AWAITING_THEIR_SCREEN: readonly ApiResourceId[] = ['groups', 'classroom']

/** Blanks out comments (keeping line numbers), so a key named in prose is not taken for one in code. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/\/\/.*$/gm, '')
}

function appSources(): { file: string; text: string }[] {
  return readdirSync(join(root, 'src'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !relative(root, file).startsWith(join('src', 'test')))
    .map((file) => ({ file: relative(root, file), text: withoutComments(readFileSync(file, 'utf8')) }))
}

describe("the app's query keys", () => {
  const sources = appSources()
  const used = new Set(
    sources.flatMap(({ text }) => [...text.matchAll(/queryKeyOf\(\s*'(\w+)'/g)].map((m) => m[1])),
  )

  // A key of this device's own data (IndexedDB, never the network) is named 'local:…' and is not an API resource.
  it('are never written by hand (a hand-written key is not refreshed by the worker)', () => {
    const handWritten = sources.flatMap(({ file, text }) =>
      text
        .split('\n')
        .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
        .filter(({ line }) => /queryKey:\s*\[\s*['"`](?!local:)/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    )
    expect(handWritten).toEqual([])
  })

  it('exist for every cached resource, except those awaiting their screen', () => {
    expect(ids.filter((id) => !used.has(id) && !AWAITING_THEIR_SCREEN.includes(id))).toEqual([])
  })

  it('name only cached resources', () => {
    expect([...used].filter((id) => !(ids as string[]).includes(id))).toEqual([])
  })
})
