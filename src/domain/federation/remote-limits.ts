/**
 * What another server's people can make the newsroom keep (decision 106, decision 106). Anyone can run a
 * server and make as many people on it as they like, each with a valid signature; so what a server
 * can store here is bounded per server (its host), whoever its people are. Past a bound the activity
 * is dropped without a word, as a blocked one is (the sender learns nothing from the answer).
 */
export const REMOTE_SERVER_LIMITS = {
  /** Followers on one server, of all the newsroom's accounts together. */
  followers: 20_000,
  /** Replies from one server waiting for moderation: each needs a person's look, so the queue stays readable. */
  pendingReplies: 100,
  /** Likes and boosts of one story from one server's people. */
  reactionsPerStory: 10_000,
} as const;
