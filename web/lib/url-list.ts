import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * A list screen whose filters and page live in the URL (a GET form, so they work before the
 * script and can be bookmarked): the page asked for, links to other pages, and a submit handler
 * that keeps only what was chosen (a new search starts at page 1).
 */
export function useUrlList(pageSize: number, defaults: Record<string, string> = {}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text && defaults[name] !== text) next.set(name, text);
    }
    navigate(`?${next.toString()}`);
  };
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target > 1) next.set('page', String(target));
    else next.delete('page');
    return `?${next.toString()}`;
  };
  /** The typed value of a filter, trimmed; undefined when empty. */
  const get = (name: string) => params.get(name)?.trim() || undefined;
  return { params, page, offset: (page - 1) * pageSize, submit, hrefFor, get };
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
