import { createFileRoute } from '@tanstack/react-router';
import { StoryEditorScreen } from '../staff/story-editor/story-editor-screen.tsx';

/** The story editor in create mode; lazily loaded, so readers never download it. */
export const Route = createFileRoute('/story/new')({
  component: NewStory,
});

function NewStory() {
  return <StoryEditorScreen />;
}
