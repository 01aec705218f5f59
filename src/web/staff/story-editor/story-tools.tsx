import type { Story } from '../../../domain/story/entities.ts';
import { SendAlertCard } from '../alerts/send-alert-card.tsx';
import { CaptionsCard } from '../captions/captions-card.tsx';
import { StorySendCard } from '../newsletters/story-send-card.tsx';
import { StoryReadershipCard } from '../readership/story-readership-card.tsx';
import { CorrectionsCard } from './corrections-card.tsx';

/**
 * What a stored story can do beyond its text, under the form: its video's captions, corrections,
 * the newsletter, a breaking-news alert, its readership. Each is its own form, never sent by the save button.
 */
export function StoryTools({ story, onPublishAndSend }: { story: Story; onPublishAndSend: (newsletter: string) => void }) {
  return (
    <div className="story-tools">
      <CaptionsCard key={`captions-${story.id}`} story={story} />
      <CorrectionsCard key={story.id} story={story} />
      <StorySendCard key={`send-${story.id}`} story={story} onPublishAndSend={onPublishAndSend} />
      <SendAlertCard key={`alert-${story.id}`} story={story} />
      <StoryReadershipCard key={`readership-${story.id}`} story={story} />
    </div>
  );
}
