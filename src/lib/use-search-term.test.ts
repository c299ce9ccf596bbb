import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSearchTerm } from './use-search-term'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('useSearchTerm', () => {
  it('shows the typed term at once and filters on it only once it has stayed unchanged for the delay', () => {
    const { result } = renderHook(() => useSearchTerm(150))
    act(() => result.current[2]('k'))
    expect(result.current[0]).toBe('k')
    act(() => vi.advanceTimersByTime(149))
    expect(result.current[1]).toBe('')
    act(() => vi.advanceTimersByTime(1))
    expect(result.current[1]).toBe('k')
  })

  it('starts the delay again on every key, so typing settles once', () => {
    const { result } = renderHook(() => useSearchTerm(150))
    for (const term of ['k', 'ko', 'kov']) {
      act(() => result.current[2](term))
      act(() => vi.advanceTimersByTime(100))
      expect(result.current[1]).toBe('')
    }
    act(() => vi.advanceTimersByTime(50))
    expect(result.current[1]).toBe('kov')
  })

  it('prepares the search a third into the pause, and not for keys typed faster than that', () => {
    const prepare = vi.fn()
    const { result } = renderHook(() => useSearchTerm(150, prepare))
    act(() => result.current[2]('k'))
    act(() => vi.advanceTimersByTime(40))
    act(() => result.current[2]('ko'))
    act(() => vi.advanceTimersByTime(50))
    expect(prepare).toHaveBeenCalledTimes(1)
    expect(prepare).toHaveBeenCalledWith('ko')
  })

  it('stops its timers when the screen goes away', () => {
    const { result, unmount } = renderHook(() => useSearchTerm(150))
    act(() => result.current[2]('k'))
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
