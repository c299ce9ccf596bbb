import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useDebouncedValue } from './use-debounced-value'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('useDebouncedValue', () => {
  it('gives the new value only once it has stayed unchanged for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 150), {
      initialProps: { value: '' },
    })
    rerender({ value: 'k' })
    act(() => vi.advanceTimersByTime(149))
    expect(result.current).toBe('')
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe('k')
  })

  it('starts the delay again on every change, so typing settles once', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 150), {
      initialProps: { value: '' },
    })
    for (const value of ['k', 'ko', 'kov']) {
      rerender({ value })
      act(() => vi.advanceTimersByTime(100))
      expect(result.current).toBe('')
    }
    act(() => vi.advanceTimersByTime(50))
    expect(result.current).toBe('kov')
  })
})
