import type { FieldValues, Path, UseFormRegister, UseFormReturn } from 'react-hook-form';

/**
 * When a form's messages show: all of them on submit, and after a submit attempt each one as its
 * field changes. Before the first submit a field says nothing until the user has changed it
 * (see registerChecked, and CheckedController in lib/checked-controller.tsx): a keyboard user who tabs through an empty form on
 * the way to what follows it (the member list under /team's invite form) leaves no field in red.
 */
export const MESSAGE_TIMING = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;

/**
 * The checks of one field before the form's first submit: once left, if the user changed its
 * value; after each change, while it shows a message, so the message goes once the value is
 * right. Once submitted, the form itself checks every change (MESSAGE_TIMING).
 */
export const checksBeforeSubmit = <T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  name: Path<T>,
) => ({
  left: () => {
    if (!form.formState.isSubmitted && form.getFieldState(name).isDirty) void form.trigger(name);
  },
  changed: () => {
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
