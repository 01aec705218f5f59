import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Journeys share one site. Some files check the state the start-up left (exactly the seeded
 * accounts, the demo stories as the newest on the home page); others change it (the staff
 * journeys add reporters and publish stories). The checks of the untouched state run first.
 */
export const READS_START_STATE = ['start-up.e2e.ts', 'home.e2e.ts'];

export class StartStateFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const reads = (file: TestSpecification) => READS_START_STATE.includes(basename(file.moduleId));
    return [...sorted.filter(reads), ...sorted.filter((file) => !reads(file))];
  }
}
