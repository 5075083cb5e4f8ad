import type { ControllerProps, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { checksBeforeSubmit } from './form-timing.ts';

// A module of its own, not in form-timing.ts: the sign-in screens load form-timing.ts and none
// of them has a controlled field (/auth/login's first load is within 0.2 KB of its 140 KB budget).

type CheckedControllerProps<T extends FieldValues, N extends FieldPath<T>, TOut> = {
  form: UseFormReturn<T, unknown, TOut>;
  name: N;
  /** As Controller's: pass `field.onBlur` to the input, or its value is checked only on submit. */
  render: ControllerProps<T, N, TOut>['render'];
};

/**
 * react-hook-form's Controller, for an input `register` cannot bind (a Mantine Select,
 * MultiSelect, NumberInput, ColorInput, Switch...), with the checks registerChecked adds before
 * the first submit: its `field.onBlur` and `field.onChange` check the value as a registered
 * field's do. A bare Controller's field is checked only on submit, and after it.
 */
export const CheckedController = <T extends FieldValues, N extends FieldPath<T>, TOut>({
  form,
  name,
  render,
}: CheckedControllerProps<T, N, TOut>) => {
  const controller = useController<T, N, TOut>({ control: form.control, name });
  const { field } = controller;
  const checks = checksBeforeSubmit(form, name);
  return render({
    ...controller,
    field: {
      ...field,
      onBlur: () => {
        field.onBlur();
        checks.left();
      },
      onChange: (...event: Parameters<typeof field.onChange>) => {
        field.onChange(...event);
        checks.changed();
      },
    },
  });
};
