import type { FieldValues, Path, UseFormRegister, UseFormReturn } from 'react-hook-form';

/**
 * When a form's messages show: all of them on submit, and after a submit attempt each one as its
 * field changes. Before the first submit a field says nothing until the user has changed it
 * (see registerChecked, and CheckedController in lib/checked-controller.tsx): a keyboard user who tabs through an empty form on
 * the way to what follows it (the member list under /team's invite form) leaves no field in red.
 */
export const MESSAGE_TIMING = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;

/**
 * The fields each form's user has changed (by the form's control). Dirty is not enough: a row
 * appended to a field array (a guardian, an order line) is dirty before anyone types in it, and
 * leaving its first field for the next '+ Add' put a message there, which on a phone grew the
 * centred dialog and moved the button from under the tap.
 */
const changedByUser = new WeakMap<object, Set<string>>();
const changedIn = (control: object) => {
  let names = changedByUser.get(control);
  if (!names) {
    names = new Set();
    changedByUser.set(control, names);
  }
  return names;
};

/**
 * A field left by pressing something else (the mouse down on Save) is checked once the press is
 * released and its click has run (not at all when that click submits its form): its message, shown
 * at once, pushed the pressed button down by its height, the release landed beside it, and the
 * first click on Save did nothing. A tap makes
 * the same mouse events around its change of focus; a keyboard's Tab checks at once.
 */
let pressed = false;
let afterPress: (() => void)[] = [];
if (typeof document !== 'undefined') {
  document.addEventListener(
    'mousedown',
    () => {
      pressed = true;
    },
    true,
  );
  document.addEventListener(
    'mouseup',
    (event) => {
      pressed = false;
      const queued = afterPress;
      afterPress = [];
      // Released on a submit button: its submit checks every field, and a check of this one
      // finishing after the submit's answer would clear the server's message under it (a 409).
      const submits = event.target instanceof Element && event.target.closest('[type="submit"]');
      if (queued.length > 0 && !submits)
        setTimeout(() => {
          for (const run of queued) run();
        });
    },
    true,
  );
}

/**
 * The checks of one field before the form's first submit: once left, if the user changed its
 * value (and it still differs from what it was); after each change, while it shows a message, so
 * the message goes once the value is right. Once submitted, the form itself checks every change
 * (MESSAGE_TIMING).
 */
export const checksBeforeSubmit = <T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  name: Path<T>,
) => ({
  left: () => {
    const check = () => {
      if (
        !form.formState.isSubmitted &&
        changedIn(form.control).has(name) &&
        form.getFieldState(name).isDirty
      )
        void form.trigger(name);
    };
    if (pressed) afterPress.push(check);
    else check();
  },
  changed: () => {
    changedIn(form.control).add(name);
    if (!form.formState.isSubmitted && form.getFieldState(name).error) void form.trigger(name);
  },
});

/** `form.register` with the checks a form in MESSAGE_TIMING makes before its first submit. */
export const registerChecked =
  <T extends FieldValues, TOut>(form: UseFormReturn<T, unknown, TOut>): UseFormRegister<T> =>
  (name, options) => {
    const checks = checksBeforeSubmit(form, name);
    return form.register(name, {
      ...options,
      onBlur: (event) => {
        options?.onBlur?.(event);
        checks.left();
      },
      onChange: (event) => {
        options?.onChange?.(event);
        checks.changed();
      },
    });
  };
