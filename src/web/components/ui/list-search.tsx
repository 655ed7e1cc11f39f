import { type FormEvent, useId } from 'react';
import { useNavigate } from 'react-router';

interface ListSearchProps {
  /** The search box's label, and the form's name. */
  label: string;
  placeholder: string;
  q: string;
  /** The page's path: the search is its address (?q=). */
  path: string;
}

/** An admin list's search: a GET form (it works before the app's code runs) whose answer is the page's address. */
export function ListSearch({ label, placeholder, q, path }: ListSearchProps) {
  const navigate = useNavigate();
  const searchId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void navigate(value ? `${path}?${new URLSearchParams({ q: value })}` : path);
  };
  return (
    <form
      role="search"
      aria-label={label}
      method="get"
      action={path}
      onSubmit={onSubmit}
      className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      // A new search draws the form afresh, with the URL's value.
      key={q}
    >
      <div>
        <label htmlFor={searchId} className="mb-1 block text-sm font-semibold text-slate-700">
          {label}
        </label>
        <input
          id={searchId}
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder={placeholder}
          className="input w-full sm:w-72"
        />
      </div>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
}
