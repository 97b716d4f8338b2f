// What an island carries over from the server's HTML to its rendered part (src/components/
// island.tsx): a held click or submit, and what was typed, chosen or ticked, with focus and caret.
// A module of its own, fetched with the code of an island that has fields (or a held click): the
// waits (island-wait.ts), fetched on every page that has islands, stay small.

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
