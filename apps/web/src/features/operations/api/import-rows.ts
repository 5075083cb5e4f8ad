import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@workhub/shared/schemas/operations-import';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { invalidateOperations } from './query-keys.ts';

export type ImportKind = 'products' | 'bom-lines';

/**
 * POST /api/products/import or /api/bom-lines/import { rows, dry_run }: every row checked again,
 * then by name against the workspace; with any error nothing is written (`imported: 0`), else all
 * rows in one transaction. A dry run only checks.
 */
export const importRows = ({
  kind,
  rows,
  dryRun,
}: {
  kind: ImportKind;
  rows: Record<string, string>[];
  dryRun: boolean;
}) =>
  apiRequest<Envelope<ImportResult>>(`/api/${kind}/import`, {
    method: 'POST',
    body: { rows, dry_run: dryRun },
  });

export const useImportRows = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importRows,
    onSuccess: async (answer) => {
      if (answer.data.imported > 0) await invalidateOperations(queryClient);
    },
  });
};
