import { QueryClient } from '@tanstack/react-query'
import { createStore, set } from 'idb-keyval'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TIMETABLE_DATABASE, wipeUserData } from '@/lib/offline/user-data'
import { aClass } from '../test-classes'
import { loadPlan, planQuery, savePlan, storePlan, TIMETABLE_STORE } from './timetable-plan'

afterEach(() => vi.restoreAllMocks())

describe('the stored plan', () => {
  it('is kept per user', async () => {
    const mine = aClass(1, '08:00', '09:00', { id: 'm' })
    const theirs = aClass(2, '10:00', '11:00', { id: 't' })
    await storePlan('user-a', [mine])
    await storePlan('user-b', [theirs])
    expect(await loadPlan('user-a')).toEqual([mine])
    expect(await loadPlan('user-b')).toEqual([theirs])
    expect(await loadPlan('user-c')).toEqual([])
  })

  it('leaves out stored records that are not classes and rebuilds labels from the ids', async () => {
    const good = aClass(3, '08:00', '09:00', { id: 'g' })
    await set(
      'user-d',
      [{ ...good, day: { id: 3, name: 'rossz' } }, { id: 'x', name: 'Hibás', day: { id: 9 } }, null],
      createStore(TIMETABLE_DATABASE, TIMETABLE_STORE),
    )
    expect(await loadPlan('user-d')).toEqual([good])
  })

  it('is emptied by wipeUserData (logout, 401, another login on the tablet)', async () => {
    vi.stubGlobal('caches', { keys: async () => [], delete: async () => true })
    await storePlan('user-e', [aClass(1, '08:00', '09:00')])
    await wipeUserData()
    expect(await loadPlan('user-e')).toEqual([])
    vi.unstubAllGlobals()
  })

  it('shows a save at once and puts the previous plan back when IndexedDB refuses it', async () => {
    const client = new QueryClient()
    const before = [aClass(1, '08:00', '09:00')]
    client.setQueryData(planQuery('user-f').queryKey, before)
    const failing = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw new DOMException('Nincs hely.', 'QuotaExceededError')
    })
    await expect(savePlan(client, 'user-f', [])).rejects.toThrow('Nincs hely.')
    expect(client.getQueryData(planQuery('user-f').queryKey)).toEqual(before)
    failing.mockRestore()
    await savePlan(client, 'user-f', [])
    expect(client.getQueryData(planQuery('user-f').queryKey)).toEqual([])
    expect(await loadPlan('user-f')).toEqual([])
  })
})
