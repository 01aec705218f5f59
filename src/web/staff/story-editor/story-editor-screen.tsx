import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Story } from '../../../domain/story/entities.ts';
import { isLiveBlog } from '../../../domain/live-blog/live-blog.ts';
import { LiveDesk } from '../live-desk/live-desk.tsx';
import { Link } from '@tanstack/react-router';
import { policy } from '../../../domain/permissions.ts';
import { ApiError } from '../../api/client.ts';
import { storyByIdQuery } from '../story-api.ts';
import { RoleGate } from '../role-gate.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { uploadStoryMedia } from '../uploads/upload-story-media.ts';
import { StoryForm } from './story-form.tsx';
import '../staff.css';

/** /story/new and /edit/{id}: reporters only; others see Access Denied and go to /login. */
export function StoryEditorScreen({ storyId }: { storyId?: string }) {
  return (
    <RoleGate need="reporter" denied={<AccessDenied />}>
      {storyId === undefined ? <CreateStory /> : <EditStory storyId={storyId} />}
    </RoleGate>
  );
}

function CreateStory() {
  const { user } = useAuth();
  if (!user) return null;
  return <StoryForm user={user} uploadMedia={uploadStoryMedia} />;
}

function EditStory({ storyId }: { storyId: string }) {
  const { user } = useAuth();
  const id = /^\d+$/.test(storyId) ? Number(storyId) : null;
  const story = useQuery({ ...storyByIdQuery(id ?? 0), enabled: id !== null, staleTime: 0 });
  if (!user) return null;
  if (id === null) return <StoryNotFound />;
  if (story.isPending) return <Spinner label="Loading story" />;
  if (story.isError) {
    const missing = story.error instanceof ApiError && [400, 403, 404].includes(story.error.status);
    return missing ? <StoryNotFound /> : <LoadFailed retry={() => void story.refetch()} />;
  }
  // Published stories are readable by every reporter; only the author or an admin may edit one.
  // Any reporter who can see a live blog may post to it: they get its live desk alone.
  const mayEdit = policy.canEditStory(user, story.data);
  const desk =
    isLiveBlog(story.data) && policy.isReporter(user) ? <LiveDesk story={story.data} user={user} mayEditStory={mayEdit} /> : null;
  if (!mayEdit) return desk ? <LiveDeskPage story={story.data}>{desk}</LiveDeskPage> : <StoryNotFound />;
  return <StoryForm key={story.data.id} user={user} story={story.data} uploadMedia={uploadStoryMedia} top={desk} />;
}

/** The live desk of someone else's live blog: posting is for every reporter, the story's settings are not. */
function LiveDeskPage({ story, children }: { story: Story; children: ReactNode }) {
  return (
    <div className="staff-page story-editor-page">
      <header className="editor-header">
        <Link to="/dashboard" className="button button-ghost back-link">
          <span aria-hidden="true">←</span> Back to Dashboard
        </Link>
        <div className="editor-header-title">
          <h1>Live desk</h1>
          <p className="muted">{story.title}</p>
        </div>
      </header>
      {children}
    </div>
  );
}

function AccessDenied() {
  return (
    <div className="staff-page state-screen">
      <h1>Access Denied</h1>
      <p>You need to be signed in as a reporter to write or edit stories.</p>
      <Link to="/login" className="button button-primary">
        Go to Login
      </Link>
    </div>
  );
}

function StoryNotFound() {
  return (
    <div className="staff-page state-screen">
      <h1>Story Not Found</h1>
      <p>The story you're trying to edit doesn't exist, or you don't have permission to edit it.</p>
      <Link to="/dashboard" className="button button-primary">
        Back to Dashboard
      </Link>
    </div>
  );
}

function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <div className="staff-page state-screen" role="alert">
      <h1>Could not load the story</h1>
      <p>Check your connection and try again.</p>
      <button type="button" className="button button-primary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
