-- What one remote server can make the newsroom keep is bounded (issue 37, decision 106,
-- src/domain/federation/remote-limits.ts): each new reply and reaction counts its server's, by these.
-- (Followers count by fediverse_followers_actor_host, which exists.)
CREATE INDEX fediverse_replies_host_state ON fediverse_replies (host, state);
CREATE INDEX fediverse_reactions_host_story ON fediverse_reactions (host, story_id);
-- The single-column indexes are their first column: the new ones serve what they served (blocking a server).
DROP INDEX fediverse_replies_host;
DROP INDEX fediverse_reactions_host;
