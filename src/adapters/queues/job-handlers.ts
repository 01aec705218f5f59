import { deliverAlertBatch, freezeAlertAudience } from '../../services/alerts/fan-out-alert.ts';
import type { JobHandlers } from '../../services/jobs/run-job.ts';
import { makePictureDerivatives } from '../../services/media/resized-pictures.ts';
import type { AppDeps } from '../app-deps.ts';
import { JOB_POLICIES } from '../../domain/jobs/job.ts';
import { deliverSendBatch, startSendBatches } from '../../services/newsletters/deliver-send.ts';

/** What each kind of job does (decision 065): a feature adds its kind in domain/jobs/job.ts and its handler here. */
export function jobHandlers(deps: AppDeps): JobHandlers {
  return {
    'picture.derivatives': async (key) =>
      deps.pictures ? makePictureDerivatives({ media: deps.media, pictures: deps.pictures }, key) : { status: 'done' },
    'alert.audience': (ref) => freezeAlertAudience(deps, ref),
    'alert.batch': (ref, job) => deliverAlertBatch(deps, ref, job),
    'newsletter.send': (ref) => startSendBatches(deps, ref),
    'newsletter.batch': (ref, job) =>
      deliverSendBatch(deps, ref, { lastAttempt: job.attempt >= JOB_POLICIES['newsletter.batch'].maxAttempts }),
  };
}
