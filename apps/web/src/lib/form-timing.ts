import type { FieldValues, UseFormRegister, UseFormReturn } from 'react-hook-form';

/**
 * When a form's messages show: all of them on submit, and after a submit attempt each one as its
 * field changes. Before the first submit a field says nothing until the user has typed into it
 * (see registerChecked): a keyboard user who tabs through an empty form on the way to what follows
 * it (the member list under /team's invite form) leaves no field in red.
 */
export const MESSAGE_TIMING = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;

/**
 * `form.register` with the checks a form in MESSAGE_TIMING makes before its first submit: a field
 * whose value the user changed is checked when they leave it, and a field showing a message is
 * checked again at each change, so the message goes once the value is right. Once submitted, the
 * form itself checks every change.
 */
export const registerChecked =
  <T extends FieldValues, TOut>(form: UseFormReturn<T, unknown, TOut>): UseFormRegister<T> =>
  (name, options) =>
    form.register(name, {
      ...options,
      onBlur: (event) => {
        options?.onBlur?.(event);
        if (!form.formState.isSubmitted && form.getFieldState(name).isDirty) void form.trigger(name);
      },
      onChange: (event) => {
        options?.onChange?.(event);
        if (!form.formState.isSubmitted && form.getFieldState(name).error) void form.trigger(name);
      },
    });
