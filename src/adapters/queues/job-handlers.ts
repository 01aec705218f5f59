import { JOB_POLICIES } from '../../domain/jobs/job.ts';
import { deliverBatch } from '../../services/federation/deliver-batch.ts';
import { deliverAlertBatch, freezeAlertAudience } from '../../services/alerts/fan-out-alert.ts';
import type { JobHandlers } from '../../services/jobs/run-job.ts';
import { deliverDeps } from '../federation/fediverse-context.ts';
import { makePictureDerivatives } from '../../services/media/resized-pictures.ts';
import type { AppDeps } from '../app-deps.ts';
import { deliverSendBatch, startSendBatches } from '../../services/newsletters/deliver-send.ts';
import { mailConfirmation } from '../../services/newsletters/subscriptions.ts';
import { mailSignInLink } from '../../services/readers/reader-sign-in.ts';
import { transcribeTrack } from '../../services/captions/transcribe-track.ts';

export interface JobHandlerOptions {
  /** After a job changed what readers see (a caption track became ready): the edge cache's copies are renewed. */
  publicChange?: () => Promise<void>;
}

/** What each kind of job does (decision 065): a feature adds its kind in domain/jobs/job.ts and its handler here. */
export function jobHandlers(deps: AppDeps, options: JobHandlerOptions = {}): JobHandlers {
  return {
    'picture.derivatives': async (key) =>
      deps.pictures ? makePictureDerivatives({ media: deps.media, pictures: deps.pictures }, key) : { status: 'done' },
    // One batch of an activity's inboxes (docs/decisions/096); on the kind's last run what still fails is given up.
    'federation.delivery': async (ref, job) => {
      const deliver = await deliverDeps(deps);
      if (!deliver) return { status: 'failed', error: 'the fediverse origin is not known' };
      return deliverBatch(deliver, ref, job.attempt >= JOB_POLICIES['federation.delivery'].maxAttempts);
    },
    'alert.audience': (ref) => freezeAlertAudience(deps, ref),
    'alert.batch': (ref, job) => deliverAlertBatch(deps, ref, job),
    'newsletter.send': (ref) => startSendBatches(deps, ref),
    'newsletter.batch': (ref, job) =>
      deliverSendBatch(deps, ref, { lastAttempt: job.attempt >= JOB_POLICIES['newsletter.batch'].maxAttempts }),
    // Mail a reader asked for, after the request was answered (decision 105).
    'reader.sign_in_mail': (ref) => mailSignInLink(deps, ref),
    'newsletter.confirmation_mail': (ref) => mailConfirmation(deps, ref),
    'captions.transcribe': (ref, job) =>
      transcribeTrack(deps, ref, {
        lastAttempt: job.attempt >= JOB_POLICIES['captions.transcribe'].maxAttempts,
        changed: options.publicChange,
      }),
  };
}
