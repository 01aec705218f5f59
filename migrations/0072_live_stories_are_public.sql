-- A story that carries a live stream stays public (issue 37, decision 107): the stream's addresses
-- (/api/streams/{id}/live..., the HLS playlist, the segments, and after the end the recording read
-- back through them) answer anyone, so gating its text would sell a video that is free to watch.

CREATE TRIGGER stories_live_stories_are_public BEFORE UPDATE OF access ON stories
WHEN new.access <> 'public' AND EXISTS (SELECT 1 FROM live_streams WHERE story_id = new.id)
BEGIN
  SELECT RAISE(ABORT, 'a live story is public');
END;

CREATE TRIGGER live_streams_on_public_stories BEFORE INSERT ON live_streams
WHEN (SELECT access FROM stories WHERE id = new.story_id) <> 'public'
BEGIN
  SELECT RAISE(ABORT, 'a live story is public');
END;
