/** The "Lost" popup is flashed for 3 s from outside React (the notice handler), read with a store hook. */
import { useSyncExternalStore } from 'react';

export const LOST_POPUP_MS = 3000;

let visible = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function flashLost(): void {
  visible = true;
  emit();
  clearTimeout(timer);
  timer = setTimeout(() => {
    visible = false;
    emit();
  }, LOST_POPUP_MS);
}

export function useLostVisible(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => visible,
    () => false,
  );
}
