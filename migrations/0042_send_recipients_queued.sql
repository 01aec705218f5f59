-- Whether a send has recipients still queued (asked each time a batch is recorded) answered by one
-- index seek: send_recipients_batch (send_id, batch, status) made it read every recipient row of the
-- send, a million rows per batch at a million subscribers (docs/newsletters-at-scale.md).
CREATE INDEX send_recipients_queued ON send_recipients (send_id, status);
