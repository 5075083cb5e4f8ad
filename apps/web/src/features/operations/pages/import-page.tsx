import { Alert, Anchor, Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { operationsMessages } from '@workhub/shared/operations-messages';
import {
  BOM_IMPORT_COLUMNS,
  bomLineImportRow,
  checkImportRows,
  IMPORT_BODY_MAX_BYTES,
  IMPORT_ROWS_MAX,
  type ImportError,
  type ImportResult,
  PRODUCT_IMPORT_COLUMNS,
  productImportRow,
} from '@workhub/shared/schemas/operations-import';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { type ImportKind, useImportRows } from '../api/import-rows.ts';
import { ImportPreview } from '../components/import-preview.tsx';
import { type CsvRecords, csvRecords, csvTemplate, parseCsv } from '../csv.ts';

const KINDS = {
  products: {
    title: 'Import products',
    noun: 'products',
    columns: PRODUCT_IMPORT_COLUMNS,
    required: ['product_name', 'price'],
    schema: productImportRow,
    back: '/operations/products',
    description: 'One product per row. Catalogs and units are named as they are in this workspace.',
  },
  'bom-lines': {
    title: 'Import BOM lines',
    noun: 'BOM lines',
    columns: BOM_IMPORT_COLUMNS,
    required: ['product_need', 'product_needed', 'bom_qty'],
    schema: bomLineImportRow,
    back: '/operations/products',
    description:
      'One line per row: the parent (product_need) needs bom_qty of the component (product_needed), by name.',
  },
} as const;

/** Where the import stands; the progress bar follows it. */
type Stage =
  | { step: 'idle' }
  | { step: 'read'; file: string; records: CsvRecords; errors: ImportError[] }
  | { step: 'checking' | 'importing'; file: string; records: CsvRecords; errors: ImportError[] }
  | { step: 'checked'; file: string; records: CsvRecords; errors: ImportError[] }
  | { step: 'done'; file: string; records: CsvRecords; result: ImportResult };

const PROGRESS: Record<Stage['step'], { value: number; label: string }> = {
  idle: { value: 0, label: 'Choose a file' },
  read: { value: 25, label: 'File read and checked here' },
  checking: { value: 50, label: 'The server checks every row…' },
  checked: { value: 60, label: 'Checked by the server' },
  importing: { value: 80, label: 'Importing, all rows or none…' },
  done: { value: 100, label: 'Imported' },
};

/** '5 MB': the import routes' body limit, as the page names it. */
const BODY_LIMIT_LABEL = `${IMPORT_BODY_MAX_BYTES / 1024 / 1024} MB`;

/**
 * The file's text, or null when it is not UTF-8 (a Latin-1 or Windows-1252 export would otherwise
 * import 'Café' as 'Caf\uFFFD'). A byte order mark is dropped (the decoder's default).
 */
const readUtf8 = async (file: File): Promise<string | null> => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(await file.arrayBuffer()));
  } catch {
    return null;
  }
};

/** The bytes of the dry run's request body: what the routes' body limit counts. */
const requestBytes = (rows: Record<string, string>[]): number =>
  new TextEncoder().encode(JSON.stringify({ rows, dry_run: true })).length;

/** The faults found here, then the server's that are not the same cell's (it checks the format too). */
const mergeErrors = (here: ImportError[], server: ImportError[]): ImportError[] => {
  const seen = new Set(here.map((error) => `${error.row}\u0000${error.column}`));
  return [...here, ...server.filter((error) => !seen.has(`${error.row}\u0000${error.column}`))];
};

const saveTemplate = (kind: ImportKind) => {
  const url = URL.createObjectURL(new Blob([csvTemplate(KINDS[kind].columns)], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${kind}-template.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
};

/**
 * /operations/import/products and /operations/import/bom-lines: pick a CSV file, see every row with
 * the errors of each (row and column named: checked here with the shared row schema and by the
 * server against the workspace, a dry run, shown together), then import it in one transaction, all
 * rows or none, with the progress shown, and the result. A file that is not UTF-8, or larger than
 * the import routes take, is refused before anything is sent.
 */
export const ImportPage = ({ kind }: { kind: ImportKind }) => {
  const texts = KINDS[kind];
  useDocumentTitle(texts.title);
  const send = useImportRows();
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const [fileError, setFileError] = useState<string | null>(null);

  /** A file that cannot be imported at all: the reason stays on the page, and no rows are shown. */
  const refuse = (reason: string) => {
    setStage({ step: 'idle' });
    setFileError(reason);
  };

  const onFile = async (file: File | null) => {
    if (!file) return;
    setFileError(null);
    if (file.size > IMPORT_BODY_MAX_BYTES) return refuse(operationsMessages.importTooLarge(BODY_LIMIT_LABEL));
    const text = await readUtf8(file);
    if (text === null) return refuse(operationsMessages.importNotUtf8);
    const records = csvRecords(parseCsv(text), texts.columns, texts.required);
    if (records.missing.length > 0) {
      return refuse(
        `The header lacks the column${records.missing.length === 1 ? '' : 's'} ${records.missing.join(', ')}.`,
      );
    }
    if (records.rows.length === 0 || records.rows.length > IMPORT_ROWS_MAX) {
      return refuse(
        records.rows.length === 0
          ? operationsMessages.importRowsRequired
          : operationsMessages.importRowsTooMany,
      );
    }
    // The rows as JSON, keyed by column, are larger than the file: a file under the limit may not be.
    if (requestBytes(records.rows) > IMPORT_BODY_MAX_BYTES) {
      return refuse(operationsMessages.importTooLarge(BODY_LIMIT_LABEL));
    }
    const { errors } = checkImportRows(texts.schema, records.rows);
    // The server checks the rows again and the names against the workspace (a dry run writes
    // nothing), whatever the format's faults: every error is shown at once, not in two rounds.
    setStage({ step: 'checking', file: file.name, records, errors });
    try {
      const answer = await send.mutateAsync({ kind, rows: records.rows, dryRun: true });
      setStage({
        step: 'checked',
        file: file.name,
        records,
        errors: mergeErrors(errors, answer.data.errors),
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 413) {
        return refuse(operationsMessages.importTooLarge(BODY_LIMIT_LABEL));
      }
      setStage({ step: 'read', file: file.name, records, errors });
      notify.error(errorMessage(error));
    }
  };

  const onImport = async () => {
    if (stage.step !== 'checked') return;
    setStage({ ...stage, step: 'importing' });
    try {
      const answer = await send.mutateAsync({ kind, rows: stage.records.rows, dryRun: false });
      if (answer.data.errors.length > 0) {
        setStage({ ...stage, step: 'checked', errors: answer.data.errors });
        notify.error(operationsMessages.importHasErrors);
        return;
      }
      notify.success(answer.message || operationsMessages.importDone(answer.data.imported));
      setStage({ step: 'done', file: stage.file, records: stage.records, result: answer.data });
    } catch (error) {
      setStage({ ...stage, step: 'checked' });
      notify.error(errorMessage(error));
    }
  };

  const progress = PROGRESS[stage.step];
  const busy = stage.step === 'checking' || stage.step === 'importing';
  const errors = 'errors' in stage ? stage.errors : [];
  const failed = stage.step !== 'idle' && stage.step !== 'done' && errors.length > 0;

  return (
    <>
      <PageHeader
        title={texts.title}
        description={texts.description}
        actions={
          <Button variant="default" onClick={() => saveTemplate(kind)}>
            Download template
          </Button>
        }
      />
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Group gap="sm">
                <FileButton onChange={(file) => void onFile(file)} accept=".csv,text/csv">
                  {(props) => (
                    <Button {...props} disabled={busy}>
                      {stage.step === 'idle' ? 'Choose a CSV file' : 'Choose another file'}
                    </Button>
                  )}
                </FileButton>
                {stage.step !== 'idle' ? <Text size="sm">{stage.file}</Text> : null}
              </Group>
              <Text size="xs" c="dimmed">
                Columns: {texts.columns.join(', ')} (at most {IMPORT_ROWS_MAX.toLocaleString('en-US')} rows)
              </Text>
            </Group>
            <Progress
              value={progress.value}
              animated={busy}
              striped={busy}
              color={failed ? 'red' : stage.step === 'done' ? 'green' : 'blue'}
              aria-label="Import progress"
              size="lg"
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {failed ? operationsMessages.importHasErrors : progress.label}
            </Text>
          </Stack>
        </Paper>
        {fileError ? (
          <Alert color="red" title="This file cannot be imported" role="alert">
            {fileError}
          </Alert>
        ) : null}
        {stage.step === 'done' ? (
          <Alert color="green" title={operationsMessages.importDone(stage.result.imported)} role="status">
            Every row of {stage.file} is in.{' '}
            <Anchor component={Link} to={texts.back}>
              See the products
            </Anchor>
          </Alert>
        ) : null}
        {stage.step !== 'idle' && stage.step !== 'done' ? (
          <Paper withBorder p="md" radius="md">
            <Stack gap="md">
              <ImportPreview
                columns={stage.records.columns.filter((c) =>
                  (texts.columns as readonly string[]).includes(c),
                )}
                rows={stage.records.rows}
                errors={errors}
                checked={stage.step === 'checked' || stage.step === 'importing'}
              />
              {stage.records.unknown.length > 0 ? (
                <Text size="xs" c="dimmed">
                  Ignored columns: {stage.records.unknown.join(', ')}
                </Text>
              ) : null}
              <Group justify="flex-end">
                <Button component={Link} to={texts.back} variant="default">
                  Cancel
                </Button>
                <Button
                  onClick={() => void onImport()}
                  loading={stage.step === 'importing'}
                  disabled={stage.step !== 'checked' || errors.length > 0}
                >
                  Import {stage.records.rows.length} {stage.records.rows.length === 1 ? 'row' : 'rows'}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : null}
      </Stack>
    </>
  );
};
