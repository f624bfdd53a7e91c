import { useEffect, useRef, useState } from 'react';

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

/**
 * For a list whose rows carry their own buttons: once the row `markRemoved` named has left `rows`
 * (read again after its removal, or not there at all) and no dialog is open (`isPaused`), focus
 * left on nothing goes to the page's title, as useFocusTitleOnChange does. The dialog gave focus
 * back to the row's button, which then went with the row.
 */
export function useFocusTitleWhenRemoved<T>(
  rows: readonly T[] | undefined,
  keyOf: (row: T) => string,
  titleId: string,
  isPaused: boolean,
): (key: string) => void {
  const [removed, setRemoved] = useState<string | null>(null);
  const isGone = removed !== null && !rows?.some((row) => keyOf(row) === removed);
  useFocusTitleOnChange(isGone ? removed : null, titleId, isPaused);
  return setRemoved;
}
