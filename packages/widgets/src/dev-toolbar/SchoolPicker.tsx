import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { School } from '@atrium/api';
import { filterSchools } from './school-swap.js';

export interface SchoolPickerProps {
  schools: readonly School[];
  /** Called with the school the user picked (click, or Enter on the highlighted option). */
  onPick: (school: School) => void;
  disabled?: boolean;
}

/**
 * A searchable school list: the ARIA 1.2 combobox pattern (an input that filters a listbox popup; focus
 * stays in the input and `aria-activedescendant` names the highlighted option), because a roster can hold
 * hundreds of schools and a native <select> cannot be searched by name or id.
 */
export function SchoolPicker({ schools, onPick, disabled = false }: SchoolPickerProps) {
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);

  const matches = useMemo(() => filterSchools(schools, query), [schools, query]);
  const showList = expanded && matches.length > 0;

  useEffect(() => {
    if (!showList || active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, showList]);

  const pick = (school: School | undefined) => {
    if (!school) return;
    setExpanded(false);
    setActive(-1);
    setQuery(school.abbreviation);
    onPick(school);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setExpanded(true);
        setActive((current) => (current >= last ? 0 : current + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setExpanded(true);
        setActive((current) => (current <= 0 ? last : current - 1));
        break;
      case 'Enter':
        if (showList && active >= 0) {
          event.preventDefault();
          pick(matches[active]);
        }
        break;
      case 'Escape':
        // First Escape closes the list; a second one clears the text (the APG combobox behaviour).
        if (expanded) {
          event.preventDefault();
          event.stopPropagation();
          setExpanded(false);
          setActive(-1);
        } else if (query !== '') {
          event.preventDefault();
          setQuery('');
        }
        break;
      default:
        break;
    }
  };

  return (
    <div className="atrium-devtb-picker">
      <label className="atrium-devtb__label" htmlFor={inputId}>
        Switch school
      </label>
      <input
        id={inputId}
        className="atr-input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder="Search by abbreviation, name or id"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        value={query}
        disabled={disabled}
        onChange={(event) => {
          setQuery(event.target.value);
          setExpanded(true);
          setActive(-1);
        }}
        onClick={() => setExpanded(true)}
        onBlur={() => setExpanded(false)}
        onKeyDown={onKeyDown}
      />
      {showList ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Schools"
          className="atrium-devtb-picker__list"
        >
          {matches.map((school, index) => (
            <li
              key={school.sis_school_id}
              id={optionId(index)}
              data-index={index}
              role="option"
              aria-selected={index === active}
              className="atrium-devtb-picker__option"
              // Keep focus in the input, so the blur above does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(school)}
            >
              <span className="atrium-devtb-picker__abbr">{school.abbreviation}</span> {school.name_with_ids}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="atr-visually-hidden" role="status" aria-live="polite">
        {expanded ? (matches.length === 0 ? 'No school matches.' : `${matches.length} schools found.`) : ''}
      </div>
    </div>
  );
}
