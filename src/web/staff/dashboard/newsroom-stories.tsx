import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDay } from '../../../domain/dates.ts';
import { viewsLabel } from '../../../domain/formatting.ts';
import { countOf } from '../../../domain/plural.ts';
import { authorName } from '../../../domain/story/byline.ts';
import { STATUS_LABELS, STORY_STATUSES, type StoryStatus } from '../../../domain/story/story.ts';
import { SelectField } from '../../forms/form-field.tsx';
import { beatsQuery } from '../../api/beat-queries.ts';
import { ListState, Pager } from '../filtered-list.tsx';
import { EditableStoryRow, StatusBadge, WorkflowNote } from '../story-bits.tsx';
import { NEWSROOM_PAGE, newsroomStaffQuery, newsroomStoriesQuery, type NewsroomFilter } from '../story-api.ts';

const EVERYTHING: NewsroomFilter = { authorId: null, status: null, beatId: null, offset: 0 };

const numberOrNull = (value: string) => (value === '' ? null : Number(value));

/**
 * The dashboard's "Newsroom" tab (docs/product/screens.md): everyone's stories, newest first, for
 * whoever may see them (policy.canSeeNewsroomStories), by author, status and beat, 20 a page; each
 * opens in the editor.
 */
export function NewsroomStories() {
  const headingId = useId();
  const [filter, setFilter] = useState<NewsroomFilter>(EVERYTHING);
  const stories = useQuery({ ...newsroomStoriesQuery(filter), placeholderData: keepPreviousData });
  const staff = useQuery(newsroomStaffQuery());
  const beats = useQuery(beatsQuery());
  // A new filter starts again at the first page.
  const choose = (patch: Partial<NewsroomFilter>) => setFilter((current) => ({ ...current, ...patch, offset: 0 }));
  const total = stories.data?.total ?? 0;
  const items = stories.data?.items ?? [];
  const first = filter.offset + 1;
  const last = filter.offset + items.length;

  return (
    <section aria-labelledby={headingId}>
      <div className="panel-heading">
        <h2 className="panel-title" id={headingId}>
          Newsroom stories
        </h2>
        <p className="muted small" role="status">
          {stories.data
            ? total > items.length
              ? `Showing ${first}–${last} of ${countOf(total, 'story', 'stories')}`
              : countOf(total, 'story', 'stories')
            : ' '}
        </p>
      </div>
      <div className="newsroom-filters" role="group" aria-label="Filter the newsroom's stories">
        <SelectField
          label="Author"
          name="authorId"
          value={filter.authorId ?? ''}
          onChange={(event) => choose({ authorId: numberOrNull(event.target.value) })}
        >
          <option value="">Everyone</option>
          {(staff.data ?? []).map((person) => (
            <option key={person.id} value={person.id}>
              {authorName(person)}
              {person.isActive ? '' : ' (deactivated)'}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          name="status"
          value={filter.status ?? ''}
          onChange={(event) => choose({ status: (event.target.value || null) as StoryStatus | null })}
        >
          <option value="">Any status</option>
          {STORY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Beat"
          name="beatId"
          value={filter.beatId ?? ''}
          onChange={(event) => choose({ beatId: numberOrNull(event.target.value) })}
        >
          <option value="">Any beat</option>
          {(beats.data ?? []).map((beat) => (
            <option key={beat.id} value={beat.id}>
              {beat.name}
            </option>
          ))}
        </SelectField>
      </div>
      <ListState query={stories} what="stories" rows={stories.data ? items.length : undefined} />
      {items.length > 0 ? (
        <ul className="story-rows" aria-busy={stories.isPlaceholderData}>
          {items.map((story) => (
            <EditableStoryRow key={story.id} story={story}>
              <StatusBadge status={story.status} />
              {story.isLive ? <span className="badge badge-accent">Live</span> : null}
              <WorkflowNote story={story} />
              <span>By {story.author ? authorName(story.author) : 'unknown'}</span>
              {story.beat ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span>{story.beat.name}</span>
                </>
              ) : null}
              <span aria-hidden="true">·</span>
              <span>{formatDay(story.createdAt)}</span>
              <span aria-hidden="true">·</span>
              <span>{viewsLabel(story.views)}</span>
            </EditableStoryRow>
          ))}
        </ul>
      ) : null}
      <Pager
        offset={filter.offset}
        pageSize={NEWSROOM_PAGE}
        total={total}
        onOffset={(offset) => setFilter((current) => ({ ...current, offset }))}
      />
    </section>
  );
}
