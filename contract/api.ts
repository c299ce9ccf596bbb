/**
 * TypeBox schemas of every request and response (spec §7, DESIGN §3), one file per resource under `contract/api/`.
 * This barrel re-exports them all. The server validates and serialises with them; the client imports their static
 * types only (`import type`), which costs the bundle nothing.
 */
export * from './api/common'
export * from './api/auth'
export * from './api/dashboard'
export * from './api/user-settings'
export * from './api/students'
export * from './api/alerts'
export * from './api/health'
export * from './api/work-hours'
export * from './api/classrooms'
export * from './api/groups'
export * from './api/links'
export * from './api/files'
export * from './api/proxy'
export * from './api/audit-log'
export * from './api/users'
export * from './api/bug-reports'
export * from './api/attendance'
