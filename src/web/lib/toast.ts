// Import toasts from here, never from 'react-toastify': its default entry injects a <style>
// element at runtime, which the server's CSP refuses. Its stylesheet is bundled by providers.tsx.
import { cssTransition, toast, type ToastContainerProps } from 'react-toastify/unstyled';

export { toast };

/** SPEC §9: the collapse animation takes 300 ms. */
const bounce = cssTransition({
  enter: 'Toastify--animate Toastify__bounce-enter',
  exit: 'Toastify--animate Toastify__bounce-exit',
  appendPosition: true,
  collapseDuration: 300,
});

/** SPEC §9: toasts close after 5000 ms, sit top-right and are dismissed by dragging 80% of their width. */
export const toastContainerProps = {
  position: 'top-right',
  autoClose: 5000,
  draggablePercent: 80,
  transition: bounce,
} satisfies ToastContainerProps;
