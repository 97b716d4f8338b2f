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

/** A click on a button (or a form's submit) held until an island has rendered (island.tsx). */
export interface Held {
  submit: boolean;
  /** the element's place among the island's elements (forms: among its forms), in order */
  at: number;
  tag: string;
}

/** Gives a held click or submit again, to the same element of the rendered island. */
export function actAgain(root: Element, held: Held): void {
  const target = root.querySelectorAll(held.submit ? 'form' : '*')[held.at];
  if (held.at < 0 || target?.tagName !== held.tag) return;
  if (target instanceof HTMLFormElement) target.requestSubmit();
  else (target as HTMLElement).click();
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What was typed or chosen in an island's server HTML before its code came. */
export interface Typed {
  /** Every form control in document order: its value, whether it is checked, whether it changed. */
  controls: Array<{ value: string; checked: boolean; changed: boolean }>;
  /** The control that has focus (index), -1 for none; its selection. */
  focus: number;
  selection: [number, number] | null;
}

const controlsIn = (root: Element) => [
  ...root.querySelectorAll<Control>('input, textarea, select'),
];
const checkable = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');

function changed(control: Control): boolean {
  if (control instanceof HTMLSelectElement)
    return [...control.options].some((option) => option.selected !== option.defaultSelected);
  if (checkable(control)) return control.checked !== control.defaultChecked;
  return control.type !== 'file' && control.value !== control.defaultValue;
}

/** Reads the state of the form controls in `root` (the server's HTML, typed into). */
export function readTyped(root: Element): Typed {
  const controls = controlsIn(root);
  const focus = controls.indexOf(document.activeElement as Control);
  const focused = controls[focus];
  let selection: [number, number] | null = null;
  try {
    if (focused && !(focused instanceof HTMLSelectElement) && focused.selectionStart !== null)
      selection = [focused.selectionStart, focused.selectionEnd ?? focused.selectionStart];
  } catch {
    // a field type without a selection (email, number)
  }
  return {
    controls: controls.map((control) => ({
      value: control.value,
      checked: checkable(control) && control.checked,
      changed: changed(control),
    })),
    focus,
    selection,
  };
}

/**
 * Gives what was typed to the island's rendered form, control by control in document order, as
 * input React sees (its state, not only the screen): a text goes in past React's value tracker
 * and is announced, a choice is clicked or changed. Focus and caret return where they were.
 */
export function replayTyped(root: Element, typed: Typed): void {
  const controls = controlsIn(root);
  typed.controls.forEach((state, index) => {
    const control = controls[index];
    if (!state.changed || !control) return;
    if (checkable(control)) {
      if (control.checked !== state.checked) control.click();
    } else if (control.value !== state.value) {
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set?.call(
        control,
        state.value,
      );
      const type = control instanceof HTMLSelectElement ? 'change' : 'input';
      control.dispatchEvent(new Event(type, { bubbles: true }));
    }
  });
  const focused = controls[typed.focus];
  if (!focused) return;
  // at once, so the next key goes to the field the visitor is typing in
  focused.focus({ preventScroll: true });
  const { selection } = typed;
  if (!selection || focused instanceof HTMLSelectElement) return;
  const value = typed.controls[typed.focus]?.value;
  const select = () => {
    if (document.activeElement !== focused || focused.value !== value) return;
    try {
      focused.setSelectionRange(...selection);
    } catch {
      // no selection on this type
    }
  };
  select();
  // React writes a field's value again when it renders the state it was given, which puts the
  // caret at the end: the caret is set once more after that render (before the next frame).
  requestAnimationFrame(select);
}
