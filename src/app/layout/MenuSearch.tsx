// Fuzzy menu search in the top bar: Ctrl+K (or /) focuses it, arrows choose, Enter opens, Escape leaves.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { MenuLink } from '../../../domain/shell/menu';
import { createMenuSearch, type SearchEntry } from '../../../domain/shell/menu-search';
import { useMenuTitle } from './menu-title';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function MenuSearch({ links }: { readonly links: readonly MenuLink[] }) {
  const { t } = useTranslation();
  const title = useMenuTitle();
  const [, navigate] = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const search = useMemo(() => createMenuSearch(links.map((link) => ({ path: link.path, title: title(link.title) }))), [links, title]);
  const results = open ? search(query) : [];

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const shortcut = (event.key === 'k' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !isTyping(event.target));
      if (!shortcut) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  function go(entry: SearchEntry | undefined) {
    if (!entry) return;
    navigate(entry.path);
    setQuery('');
    setOpen(false);
    input.current?.blur();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, results.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Enter') go(results[active]);
    else if (event.key === 'Escape') {
      setQuery('');
      setOpen(false);
    } else return;
    event.preventDefault();
  }

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div className="search">
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label={t('search.label')}
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={t('search.results')} className="search__results" hidden={results.length === 0}>
        {results.map((entry, index) => (
          <li
            key={entry.path}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              go(entry);
            }}
          >
            <span>{entry.title}</span>
            <small>{entry.path}</small>
          </li>
        ))}
      </ul>
      {open && query.trim() !== '' && results.length === 0 && <p className="search__none" role="status">{t('search.noResult')}</p>}
    </div>
  );
}
