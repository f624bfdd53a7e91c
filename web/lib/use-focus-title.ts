import { useEffect, useRef } from 'react';

/**
 * An action that changes what a page shows (an order shipped, an offer accepted or refused) takes
 * away the button that did it, and the dialog's opener with it: once `state` has changed and no
 * dialog is open (`isPaused`), focus left on nothing goes to the element with `titleId` (the
 * page's title), not back to the page's start. A first render moves nothing.
 */
export function useFocusTitleOnChange(state: unknown, titleId: string, isPaused = false): void {
  const shown = useRef(state);
  useEffect(() => {
    if (isPaused || shown.current === state) return;
    shown.current = state;
    const active = document.activeElement;
    if (active === null || active === document.body) document.getElementById(titleId)?.focus();
  }, [state, isPaused, titleId]);
}
