// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OVERLAY_FADE_MS, OVERLAY_SHOW_MS, useOverlay } from './use-overlay';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the message overlay', () => {
  it('shows for 2 s, fades for 300 ms, then is gone', () => {
    const { result } = renderHook(() => useOverlay());
    act(() => result.current.show('success', 'Bet placed successfully.'));
    expect(result.current.overlay).toMatchObject({ kind: 'success', text: 'Bet placed successfully.', fading: false });
    act(() => vi.advanceTimersByTime(OVERLAY_SHOW_MS - 1));
    expect(result.current.overlay?.fading).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.overlay?.fading).toBe(true);
    act(() => vi.advanceTimersByTime(OVERLAY_FADE_MS));
    expect(result.current.overlay).toBeNull();
  });

  it('a new message replaces the one showing and gets its own 2 s', () => {
    const { result } = renderHook(() => useOverlay());
    act(() => result.current.show('success', 'first'));
    act(() => vi.advanceTimersByTime(1500));
    act(() => result.current.show('error', 'Market suspended'));
    act(() => vi.advanceTimersByTime(1500));
    expect(result.current.overlay).toMatchObject({ kind: 'error', text: 'Market suspended', fading: false });
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.overlay?.fading).toBe(true);
    act(() => vi.advanceTimersByTime(OVERLAY_FADE_MS));
    expect(result.current.overlay).toBeNull();
  });
});
