import { messages } from '@workhub/shared/messages';
import { requestToaster, whenToasterReady } from './toaster-store.ts';

type ToastBodyProps = { title: string; message: string };

const ToastBody = ({ title, message }: ToastBodyProps) => (
  <div>
    <strong style={{ display: 'block', letterSpacing: '0.04em' }}>{title}</strong>
    <span>{message}</span>
  </div>
);

// react-toastify is fetched with the first toast, not with the first page (bundle budget of the
// sign-in route); the toast is shown once its container listens.
let toastLibrary: Promise<typeof import('react-toastify')> | null = null;
const loadToastLibrary = () => {
  toastLibrary ??= import('react-toastify').catch((error: unknown) => {
    toastLibrary = null;
    throw error;
  });
  return toastLibrary;
};

// Error toasts still on screen. A success means the user fixed what went wrong, so the old errors
// are stale and go (they would otherwise sit beside the success for their full five seconds).
const openErrors = new Set<string | number>();

const show = (kind: 'success' | 'error', title: string, message: string) => {
  requestToaster();
  Promise.all([loadToastLibrary(), whenToasterReady()])
    .then(([{ toast }]) => {
      if (kind === 'success') {
        for (const id of openErrors) toast.dismiss(id);
        openErrors.clear();
        toast.success(<ToastBody title={title} message={message} />);
        return;
      }
      const id = toast.error(<ToastBody title={title} message={message} />, {
        onClose: () => openErrors.delete(id),
      });
      openErrors.add(id);
    })
    .catch(() => {
      // Without the library (offline, say) the message cannot be shown; the form still shows its errors.
    });
};

/** Spec section 8: every toast is titled SUCCESS or ERROR; an empty error message reads 'Error'. */
export const notify = {
  success(message: string) {
    show('success', messages.toastSuccessTitle, message);
  },
  error(message?: string | null) {
    show('error', messages.toastErrorTitle, message || messages.genericError);
  },
};
