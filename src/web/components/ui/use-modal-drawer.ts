import { useEffect, useRef, useState } from 'react';

/**
 * A drawer that covers the page while it is open, as a modal dialog does: opening it moves focus
 * to its first link or button, Tab goes round inside it, Escape or `close` (its close button)
 * closes it and gives focus back to `opener`, and the page behind is inert. `panel` is the
 * drawer's content; its parent is the drawer (daisyUI's drawer-side, with its overlay).
 * `setOpen(false)` closes it and leaves focus alone: a link's new page takes it.
 */
export function useModalDrawer() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  const close = () => {
    refocus.current = true;
    setOpen(false);
  };

  useEffect(() => {
    const side = panel.current;
    const openButton = opener.current;
    if (!open || !side) return;
    // The drawer covers the page: everything beside it (and its overlay, which closes it), up to
    // the body, is inert until it closes: out of reach of Tab and of a screen reader's cursor.
    const behind: Element[] = [];
    const drawer = side.parentElement!;
    for (let node = drawer; node.parentElement && node !== document.body; node = node.parentElement) {
      for (const sibling of node.parentElement.children) {
        if (sibling !== node && !sibling.hasAttribute('inert')) behind.push(sibling);
      }
    }
    for (const element of behind) element.setAttribute('inert', '');
    const stops = () => [...side.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
    stops()[0]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      if (event.key !== 'Tab') return;
      // The drawer covers the page: Tab goes round its own links rather than onto the page behind.
      const all = stops();
      const [edge, wrapTo] = event.shiftKey ? [all[0], all.at(-1)] : [all.at(-1), all[0]];
      if (document.activeElement === edge || !side.contains(document.activeElement)) {
        event.preventDefault();
        wrapTo?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      for (const element of behind) element.removeAttribute('inert');
      // Closed by Escape or its button, the menu gives focus back to the button that opened it,
      // once that is no longer inert; closed by a link, focus goes where the link leads.
      if (refocus.current) openButton?.focus();
      refocus.current = false;
    };
  }, [open]);

  return { open, setOpen, close, opener, panel };
}
