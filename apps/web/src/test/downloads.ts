import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For a describe block whose page saves files (a CSV export through lib/api-client's download):
 * each file the page would save, as `<download name> <href>` ('blob:csv'), cleared before each test.
 */
export const captureDownloads = (): string[] => {
  const saved: string[] = [];
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
  });
  afterEach(() => {
    URL.createObjectURL = originalCreate;
    URL.revokeObjectURL = originalRevoke;
    vi.restoreAllMocks();
  });
  return saved;
};

/** What an export call answers: `text` as a CSV file the browser saves as `filename`. */
export const csvResponse = (filename: string, text: string): Response =>
  new Response(text, {
    status: 200,
    headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="${filename}"` },
  });
