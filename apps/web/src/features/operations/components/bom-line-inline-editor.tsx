import { Alert, Button, Group, Loader, Stack, TextInput } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { type BomLine, bomLineBody } from '@workhub/shared/schemas/operations';
import type { z } from 'zod';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { useFocusOnMount } from '../../../lib/dialog-autofocus.ts';
import { notify } from '../../../lib/notify.tsx';
import { type EditVersion, useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { getBomLine, useBomLines, useSaveBomLine } from '../api/bom.ts';
import { decimalInput } from '../operations-format.ts';

type BomLineInput = z.input<typeof bomLineBody>;
type BomLineOutput = z.output<typeof bomLineBody>;

/** A line as the form's values: PATCH sends the whole line, so the fields not shown ride along. */
export const bomLineInput = (line: BomLine): BomLineInput => ({
  product_needed: line.product_needed,
  bom_qty: decimalInput(line.bom_qty),
  lead_time: String(line.lead_time),
  lead_time_unit: line.lead_time_unit,
  cost_per_unit: decimalInput(line.cost_per_unit),
  notes: line.notes ?? '',
  status: line.status,
});

/** The fields an edit conflict names, as the line's forms label them. */
const BOM_LINE_LABELS = {
  product_needed: 'Component',
  bom_qty: 'Quantity',
  cost_per_unit: 'Cost per unit',
  lead_time: 'Lead time offset',
  lead_time_unit: 'Lead time unit',
  notes: 'Notes',
  status: 'Status',
} as const;

/** Said in a line's form when its save was refused because the line was saved since (412). */
export const BomLineConflict = ({
  edit,
  load,
}: {
  edit: EditVersion<BomLine>;
  load: (values: BomLineInput) => void;
}) => <EditConflict edit={edit} what="line" valuesOf={bomLineInput} labels={BOM_LINE_LABELS} load={load} />;

type InlineFormProps = { parentId: string; line: BomLine; onDone: () => void };

const InlineForm = ({ parentId, line, onDone }: InlineFormProps) => {
  const save = useSaveBomLine();
  // Shown where the row's Edit was (gone meanwhile): the focus goes on to the quantity.
  const focusFirst = useFocusOnMount();
  // The fields not shown ride along: an edit made against the line as opened does not undo a
  // status or notes someone saved since unseen.
  const edit = useEditVersion(
    line,
    (opened) => opened.updated_at,
    () => getBomLine(line.id),
  );
  const { form, field, submit, isSubmitting } = useSchemaForm<BomLineInput, BomLineOutput>(bomLineBody, {
    defaultValues: bomLineInput(line),
    onError: edit.onError,
    onSubmit: async (values) => {
      const answer = await save.mutateAsync({
        productId: parentId,
        lineId: line.id,
        body: values,
        version: edit.version,
      });
      notify.success(answer.message || messages.updateDone);
      onDone();
    },
  });
  return (
    <form ref={focusFirst} onSubmit={submit} noValidate aria-label={`Edit line ${line.product_needed_name}`}>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={`Quantity per ${line.product_need_name}`}
            inputMode="decimal"
            size="xs"
            w={170}
            data-autofocus
            {...field('bom_qty')}
          />
          <TextInput
            label="Cost per unit"
            description={
              line.product_needed_type === 'buy' ? 'Empty: the product’s price' : 'Made: its roll-up'
            }
            inputMode="decimal"
            size="xs"
            w={170}
            readOnly={line.product_needed_type === 'make'}
            {...field('cost_per_unit')}
          />
          <Group gap="xs" mt={22}>
            <Button size="xs" type="submit" loading={isSubmitting}>
              Save
            </Button>
            <Button size="xs" variant="default" onClick={onDone} disabled={isSubmitting}>
              Cancel
            </Button>
          </Group>
        </Group>
        <BomLineConflict edit={edit} load={(values) => form.reset(values)} />
      </Stack>
    </form>
  );
};

type BomLineInlineEditorProps = {
  /** The product the line belongs to (the tree row's parent). */
  parentId: string;
  lineId: string;
  componentName: string;
  onDone: () => void;
};

/**
 * Edits one line of the BOM tree where it stands: its quantity and, for a bought part, its cost.
 * The tree row has the line's id only, so the parent's lines are read for the rest of it.
 */
export const BomLineInlineEditor = ({
  parentId,
  lineId,
  componentName,
  onDone,
}: BomLineInlineEditorProps) => {
  const lines = useBomLines(parentId);
  const focusClose = useFocusOnMount();
  if (lines.isPending) return <Loader size="xs" aria-label="Loading the line" />;
  const line = lines.data?.data.find((candidate) => candidate.id === lineId);
  if (lines.isError || !line) {
    return (
      <Alert ref={focusClose} color="red" title={`The line of ${componentName} could not be loaded`}>
        <Button size="xs" variant="default" onClick={onDone} data-autofocus>
          Close
        </Button>
      </Alert>
    );
  }
  return <InlineForm parentId={parentId} line={line} onDone={onDone} />;
};
