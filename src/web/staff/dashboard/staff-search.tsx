import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SEARCH_QUERY_MAX } from '../../../domain/discovery/search-query.ts';
import { statusLabel } from '../../../domain/story/story.ts';
import { staffPaths } from '../../auth/staff-paths.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { searchQuery } from './search-query.ts';

/**
 * The dashboard's search (docs/product/screens.md, "Reporter dashboard"): GET /api/search with
 * scope=staff, so any status but deleted: a reporter's own stories, every story for an admin.
 * Each result opens the story in the editor and says its status.
 */
export function StaffSearch({ everyStory }: { everyStory: boolean }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const results = useQuery({ ...searchQuery(q, 1, true), enabled: q !== '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
  };
  const label = everyStory ? 'Search all stories' : 'Search your stories';
  return (
    <section className="card staff-search" aria-labelledby="staff-search-title">
      <h2 className="card-title" id="staff-search-title">
        {label}
      </h2>
      <form className="search-page-form" role="search" aria-label={label} onSubmit={submit}>
        <label className="visually-hidden" htmlFor="staff-search-input">
          {label}
        </label>
        <input
          id="staff-search-input"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={SEARCH_QUERY_MAX}
          required
        />
        <button type="submit" className="button button-secondary button-small">
          Search
        </button>
      </form>
      {q === '' ? null : results.isPending ? (
        <Spinner label="Searching" />
      ) : results.isError ? (
        <p className="notice notice-danger" role="alert">
          The search failed. Try again.
        </p>
      ) : results.data.results.length === 0 ? (
        <p className="empty" role="status">{`No stories match “${q}”.`}</p>
      ) : (
        <ol className="search-results" aria-label={`Stories matching “${q}”`}>
          {results.data.results.map((result) => (
            <li key={result.id}>
              <HrefLink href={staffPaths.editStory(result.id)}>{result.title}</HrefLink>
              {result.status ? <span className={`badge badge-status badge-${result.status}`}>{statusLabel(result.status)}</span> : null}
              {/* The API escapes the snippet and adds only <mark> elements (docs/product/api.md, "Finding the news"). */}
              <p className="search-result-snippet" dangerouslySetInnerHTML={{ __html: result.snippet }} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
