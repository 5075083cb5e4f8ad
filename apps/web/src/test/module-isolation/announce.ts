import { notify } from '../../lib/notify.tsx';

/** A module that imports notify as a page does: the vi.mock of the test file running it must reach it. */
export const announce = (message: string) => notify.success(message);
