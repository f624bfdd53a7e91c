import { type ComponentProps, useEffect, useRef } from 'react';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant =
  | 'primary'
  | 'secondary'
  | 'outline'
  | 'ghost'
  | 'danger'
  | 'danger-outline';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-orange-500 text-stone-950 shadow-sm hover:bg-orange-400 active:bg-orange-600',
  secondary: 'bg-navy-800 text-white shadow-sm hover:bg-navy-700 active:bg-navy-900',
  outline: 'border border-stone-300 bg-white text-navy-800 hover:border-navy-300 hover:bg-navy-50',
  ghost: 'text-navy-800 hover:bg-navy-50',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
  'danger-outline':
    'border border-red-300 bg-white text-red-700 hover:border-red-400 hover:bg-red-50',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-8 px-3 text-sm',
  md: 'min-h-10 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

/**
 * Button looks for links too (`<Link className={buttonClasses(...)}>`). A label stays on one line
 * unless `wraps`: a long one (a company's name, a sentence) wraps, centred, on a phone's width.
 */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  wraps = false,
  className = '',
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  wraps?: boolean;
  className?: string;
} = {}): string {
  const lines = wraps ? 'text-center whitespace-normal wrap-anywhere' : 'whitespace-nowrap';
  return `inline-flex items-center justify-center gap-2 rounded-md font-semibold ${lines} transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${sizes[size]} ${className}`;
}

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The label may wrap (buttonClasses). */
  wraps?: boolean;
  /** Shows a spinner and blocks clicks while an action runs. */
  isPending?: boolean;
  /**
   * The button does its job without the page's script (it submits a plain GET form, say). Every
   * other button is disabled in the server's HTML until the page's script has taken over, so an
   * early click is never silently lost.
   */
  worksWithoutScript?: boolean;
}

export function Button({
  variant,
  size,
  wraps,
  isPending = false,
  className,
  children,
  disabled,
  type = 'button',
  worksWithoutScript = false,
  ...props
}: ButtonProps) {
  const isHydrated = useHydrated();
  const ref = useRef<HTMLButtonElement>(null);
  // A focused button disabled while its action runs loses focus to the page's start; when the
  // action ends and the button is still there (a refusal, say), focus comes back to it.
  const lostFocusWhilePending = useRef(false);
  useEffect(() => {
    if (isPending || !lostFocusWhilePending.current) return;
    lostFocusWhilePending.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body) ref.current?.focus();
  }, [isPending]);
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClasses({ variant, size, wraps, className })}
      disabled={disabled || isPending || (!worksWithoutScript && !isHydrated)}
      aria-busy={isPending || undefined}
      {...props}
      onBlur={(event) => {
        if (isPending && event.relatedTarget === null) lostFocusWhilePending.current = true;
        props.onBlur?.(event);
      }}
    >
      {isPending && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
