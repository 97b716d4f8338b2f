// When an island's code is fetched (src/components/island.tsx): the waits of its kinds, in a module
// of their own, fetched by the first island that waits (none is needed for the first paint).

/** Resolves when the page has loaded and the browser has a moment. */
export function idle(): Promise<void> {
  return new Promise((resolve) => {
    const later = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(() => resolve(), { timeout: 2000 })
        : setTimeout(resolve, 1);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });
}

/** How close to the screen (px) a `visible` island's content must come before its code loads. */
const NEAR_PX = 200;

/** Whether the content of the island `name` is on the screen or within `NEAR_PX` of it. */
function near(name: string): boolean {
  const element = document.querySelector(`[data-island="${name}"]`);
  if (!element) return true;
  // The wrapper is `display: contents` (no box of its own): measure what it holds, or where it
  // sits when it holds nothing yet (the first box around it).
  const range = document.createRange();
  range.selectNodeContents(element);
  let rect = range.getBoundingClientRect();
  for (let box = element.parentElement; rect.height === 0 && box; box = box.parentElement)
    rect = box.getBoundingClientRect();
  return rect.top < window.innerHeight + NEAR_PX && rect.bottom > -NEAR_PX;
}

/** Resolves once the page has loaded and the island `name` is near the screen. */
export function nearScreen(name: string): Promise<void> {
  return new Promise((resolve) => {
    let queued = false;
    const check = () => {
      queued = false;
      if (!near(name)) return;
      window.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
      resolve();
    };
    const onChange = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(check);
    };
    const start = () => {
      window.addEventListener('scroll', onChange, { passive: true });
      window.addEventListener('resize', onChange, { passive: true });
      check();
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  });
}

const INPUT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll'];
let input: Promise<void> | undefined;

/** Resolves at the visitor's first input on the page (or at once on a scrolled page). */
export function firstInput(): Promise<void> {
  return (input ??= new Promise((resolve) => {
    if (window.scrollY > 0) return resolve();
    const done = () => {
      for (const type of INPUT_EVENTS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of INPUT_EVENTS)
      window.addEventListener(type, done, { capture: true, passive: true });
  }));
}
