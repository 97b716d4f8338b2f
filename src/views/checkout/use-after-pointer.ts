import { useEffect, useRef } from 'react';

/** How long a pressed pointer may hold back a blur's message when no click follows (a drag). */
const POINTER_GRACE_MS = 400;

/**
 * Runs a blur's consequences once the pointer press that caused the blur is over. A message that
 * appears under the field just left moves everything below it (the terms box went 55 px down on
 * a phone between press and release, so the tap missed it, issue 39): while a pointer is down the
 * work waits for the click (or the release, after a grace period); otherwise it runs at once.
 */
export function useAfterPointer(): (work: () => void) => void {
  const pressed = useRef(false);
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      pressed.current = false;
      const work = pending.current;
      pending.current = null;
      work?.();
    };
    const down = () => {
      clearTimeout(timer);
      pressed.current = true;
    };
    // After the click's own handlers (the checkbox's change) have run.
    const clicked = () => {
      clearTimeout(timer);
      timer = setTimeout(flush, 0);
    };
    const released = () => {
      clearTimeout(timer);
      timer = setTimeout(flush, POINTER_GRACE_MS);
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('click', clicked, true);
    document.addEventListener('pointerup', released, true);
    document.addEventListener('pointercancel', released, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('click', clicked, true);
      document.removeEventListener('pointerup', released, true);
      document.removeEventListener('pointercancel', released, true);
    };
  }, []);
  return (work) => {
    if (!pressed.current) return work();
    pending.current = work;
  };
}
