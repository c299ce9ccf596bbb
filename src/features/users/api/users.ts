/**
 * Felhasználók (issue 11): the list query and the writes. Every write here is an online write (`writeMutation`), not
 * an outbox one: a generated one-time password must reach the administrator at once, and so must a refusal (409 for
 * the last administrator).
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import type {
  CreateUserRequest,
  ImportPreviewResponse,
  ImportUsersRequest,
  ImportUsersResponse,
  OneTimePasswordResponse,
  UserFeatureOverride,
  UserFeaturesResponse,
  UserResponse,
  UserSummary,
  UsersResponse,
} from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { apiDownload, apiRequest } from '@/lib/api-client'
import { writeMutation } from '@/lib/write-mutation'
import { saveBlob } from '@/lib/save-file'

export interface UsersData {
  users: UserSummary[]
  date: Date | null
}

export const usersKey = queryKeyOf('users')

export async function getUsers(signal?: AbortSignal): Promise<UsersData> {
  const { data, date } = await apiRequest<UsersResponse>('/users', { signal })
  return { users: Array.isArray(data?.users) ? data.users : [], date }
}

export const usersQuery = () =>
  queryOptions({ queryKey: usersKey, queryFn: ({ signal }) => getUsers(signal) })

export function useUsers() {
  return useQuery(usersQuery())
}

const userPath = (id: string, rest = '') => `/users/${encodeURIComponent(id)}${rest}`

export async function createUser(request: CreateUserRequest): Promise<OneTimePasswordResponse> {
  const { data } = await apiRequest<OneTimePasswordResponse>('/users', {
    method: 'POST',
    body: request,
    expectCode: 201,
  })
  return data
}

export function useCreateUser() {
  return useMutation(writeMutation({ mutationFn: createUser, invalidates: [usersKey] }))
}

export async function setUserStatus({
  id,
  disabled,
}: {
  id: string
  disabled: boolean
}): Promise<UserResponse> {
  const { data } = await apiRequest<UserResponse>(userPath(id, '/status'), {
    method: 'PUT',
    body: { disabled },
    expectCode: 200,
  })
  return data
}

const statusOptions = writeMutation<UserResponse, { id: string; disabled: boolean }, UsersData>({
  mutationFn: setUserStatus,
  invalidates: [usersKey],
  optimistic: {
    queryKey: usersKey,
    update: (current, { id, disabled }) => ({
      ...current,
      users: current.users.map((u) => (u.id === id ? { ...u, disabled } : u)),
    }),
  },
})

export function useSetUserStatus() {
  return useMutation(statusOptions)
}

export async function resetPassword(id: string): Promise<OneTimePasswordResponse> {
  const { data } = await apiRequest<OneTimePasswordResponse>(userPath(id, '/password'), {
    method: 'POST',
    expectCode: 200,
  })
  return data
}

export function useResetPassword() {
  return useMutation(writeMutation({ mutationFn: resetPassword, invalidates: [usersKey] }))
}

export async function removeMfa(id: string): Promise<UserResponse> {
  const { data } = await apiRequest<UserResponse>(userPath(id, '/mfa'), { method: 'DELETE', expectCode: 200 })
  return data
}

const mfaOptions = writeMutation<UserResponse, string, UsersData>({
  mutationFn: removeMfa,
  invalidates: [usersKey],
  optimistic: {
    queryKey: usersKey,
    update: (current, id) => ({
      ...current,
      users: current.users.map((u) => (u.id === id ? { ...u, mfa: false } : u)),
    }),
  },
})

export function useRemoveMfa() {
  return useMutation(mfaOptions)
}

/** One account's feature grants, under the users key: a users write invalidates them too. */
export const userFeaturesQuery = (id: string) =>
  queryOptions({
    queryKey: [...usersKey, { features: id }] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<UserFeaturesResponse>(userPath(id, '/features'), { signal })).data,
    staleTime: 0,
  })

export function useUserFeatures(id: string | null) {
  return useQuery({ ...userFeaturesQuery(id ?? ''), enabled: id !== null })
}

export async function saveUserFeatures({
  id,
  overrides,
}: {
  id: string
  overrides: UserFeatureOverride[]
}): Promise<void> {
  await apiRequest<unknown>(userPath(id, '/features'), {
    method: 'PUT',
    body: { overrides },
    expectCode: 200,
  })
}

export function useSaveUserFeatures() {
  return useMutation(writeMutation({ mutationFn: saveUserFeatures, invalidates: [usersKey] }))
}

export async function previewImport(request: ImportUsersRequest): Promise<ImportPreviewResponse> {
  const { data } = await apiRequest<ImportPreviewResponse>('/users/import/preview', {
    method: 'POST',
    body: request,
  })
  return data
}

/** How far an import is: its passwords hashed so far (`hash`), then the rows being written (`write`). */
export interface ImportProgress {
  phase: 'hash' | 'write'
  done: number
  total: number
}

/** POST /users/import, its progress streamed (NDJSON) to `onProgress` while the server hashes the passwords. */
export async function importUsers(
  request: ImportUsersRequest,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportUsersResponse> {
  const { data } = await apiRequest<ImportUsersResponse>('/users/import', {
    method: 'POST',
    body: request,
    expectCode: 201,
    onProgress: (line) => {
      const total = Number(line.total)
      if (line.phase === 'hash') onProgress?.({ phase: 'hash', done: Number(line.done), total })
      else if (line.phase === 'write') onProgress?.({ phase: 'write', done: total, total })
    },
  })
  return data
}

export function useImportUsers(onProgress?: (progress: ImportProgress) => void) {
  return useMutation(
    writeMutation({
      mutationFn: (request: ImportUsersRequest) => importUsers(request, onProgress),
      invalidates: [usersKey],
    }),
  )
}

/** GET /users/export.xlsx, saved under `fileName`. */
export async function downloadUsersXlsx(fileName: string): Promise<void> {
  const blob = await apiDownload('/users/export.xlsx')
  saveBlob(fileName, blob)
}
