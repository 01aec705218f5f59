import { createFileRoute } from '@tanstack/react-router';
import { StoryEditorScreen } from '../staff/story-editor/story-editor-screen.tsx';

/** The story editor in edit mode; lazily loaded, so readers never download it. */
export const Route = createFileRoute('/edit/$id')({
  component: EditStory,
});

function EditStory() {
  const { id } = Route.useParams();
  return <StoryEditorScreen storyId={id} />;
}
