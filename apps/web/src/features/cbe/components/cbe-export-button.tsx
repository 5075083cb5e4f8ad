import { messages } from '@workhub/shared/messages';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { exportCbe, type Params } from '../api/cbe-query.ts';

/**
 * 'Export CSV' (or `text`) for one of the school's lists where a tab shows several:
 * GET /api/cbe/{path}/export with the list's filters (the audited server export). Its name adds
 * its list (`noun`) so that those of one tab are told apart.
 */
export const CbeExportButton = ({
  path,
  params = {},
  noun,
  text = messages.exportCsv,
}: {
  path: string;
  params?: Params;
  noun: string;
  text?: string;
}) => <ExportCsvButton onExport={() => exportCbe(path, params)} text={text} label={`${text}: ${noun}`} />;
