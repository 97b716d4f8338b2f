import { useEffect, useRef } from 'react';

/**
 * A ref whose element takes the keyboard focus when it appears: for what replaces the control
 * that was used (a confirmation, a question), so the focus does not fall to the page. Give a
 * non-control element `tabIndex={-1}`.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
