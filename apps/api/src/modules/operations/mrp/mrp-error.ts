export type MrpErrorCode =
  | 'bom_cycle'
  | 'unknown_product'
  | 'bom_too_large'
  | 'bom_too_deep'
  | 'invalid_input';

/**
 * What the engine throws when it cannot answer. `path` is the cycle's product ids (first = last)
 * for 'bom_cycle'. The service maps it to its AppError and the user-facing message.
 */
export class MrpError extends Error {
  readonly code: MrpErrorCode;
  readonly path: string[] | undefined;

  constructor(code: MrpErrorCode, message: string, path?: string[]) {
    super(message);
    this.name = 'MrpError';
    this.code = code;
    this.path = path;
  }
}

export const isMrpError = (err: unknown): err is MrpError => err instanceof MrpError;
