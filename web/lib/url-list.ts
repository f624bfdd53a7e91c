import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';

/**
 * A list screen whose filters and page live in the URL (a GET form, so they work before the
 * script and can be bookmarked): the page asked for, links to other pages, a submit handler
 * that keeps only what was chosen (a new search starts at page 1), and `formKey` for the form.
 */
export function useUrlList(
  pageSize: number,
  defaults: Record<string, string> = {},
  /** The page's name in the URL: two lists on one screen each keep their own. */
  pageParam = 'page',
) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const page = Math.max(1, Math.floor(Number(params.get(pageParam)) || 1));
  const formKey = useFormKey(params.toString());
  const { submitted, formRef, hasCleared } = formKey;
  /** For the link that clears the filters: it goes with them, and the keyboard to the form. */
  const clearFilters = () => {
    hasCleared.current = true;
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text && defaults[name] !== text) next.set(name, text);
    }
    submitted.current = next.toString();
    navigate(`?${next.toString()}`);
  };
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target > 1) next.set(pageParam, String(target));
    else next.delete(pageParam);
    return `?${next.toString()}`;
  };
  /** The typed value of a filter, trimmed; undefined when empty. */
  const get = (name: string) => params.get(name)?.trim() || undefined;
  return {
    params,
    page,
    offset: (page - 1) * pageSize,
    submit,
    hrefFor,
    get,
    formKey: formKey.key,
    formRef,
    clearFilters,
  };
}

/**
 * The key of the filter form, whose fields take their values from the URL: it changes when the
 * URL does by any other way than the form's own search (a link that clears the filters, Back), so
 * the form is laid anew with the URL's values. The form's own search leaves it in place, already
 * showing what it asked for, with the keyboard on the field or button that sent it: laid anew, it
 * left focus on the page's start. The link that clears the filters goes away with them: the
 * keyboard that followed it goes to the form's first field (`formRef`).
 */
function useFormKey(search: string) {
  const submitted = useRef<string | null>(null);
  const hasCleared = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState({ search, key: 0 });
  if (form.search !== search) {
    setForm({ search, key: search === submitted.current ? form.key : form.key + 1 });
  }
  useEffect(() => {
    // The search asked for has come (or another since): Back to it later is another change.
    if (submitted.current === search) submitted.current = null;
    if (!hasCleared.current) return;
    hasCleared.current = false;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    formRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select')?.focus();
  }, [search]);
  return { key: form.key, submitted, formRef, hasCleared };
}

/**
 * The filters the URL asks for, checked by the contract's own schema: `typed` is what stands in
 * the URL (trimmed, empty ones left out), for the form to show again; `problems` names each bad
 * value under its field (typed into the address bar); `valid` keeps a filter only when it passed.
 */
export function filtersFromUrl<Name extends string>(
  params: URLSearchParams,
  names: readonly Name[],
  schema: z.ZodType,
) {
  const typed = Object.fromEntries(
    names.flatMap((name) => {
      const value = params.get(name)?.trim();
      return value ? [[name, value]] : [];
    }),
  ) as Partial<Record<Name, string>>;
  const parsed = schema.safeParse(typed);
  const problems = new Map<string, string>(
    parsed.success
      ? []
      : parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message]),
  );
  const valid = (name: Name): string | undefined => (problems.has(name) ? undefined : typed[name]);
  return { typed, problems, valid, isFiltered: Object.keys(typed).length > 0 };
}

/** "1,204 people; showing 51 to 100." */
export function countSentence(
  total: number,
  shown: { offset: number; count: number; pageSize: number },
  noun: [singular: string, plural: string],
  format: (n: number) => string,
): string {
  const counted = `${format(total)} ${total === 1 ? noun[0] : noun[1]}`;
  if (total <= shown.pageSize) return `${counted}.`;
  return `${counted}; showing ${format(shown.offset + 1)} to ${format(shown.offset + shown.count)}.`;
}
