/**
 * What the captions' tests and journeys say on camera (spoken by espeak-ng), chosen so that each
 * sounds for a clearly different time: the stand-in transcriber tells them apart by that alone.
 */
export const TEST_PHRASES = [
  'Good evening.',
  'The harbour bridge is closed tonight.',
  'Council members will vote on the budget tomorrow morning.',
  'Fishermen say the storm was the worst in thirty years, and the repairs could take until the spring.',
  'Back to you in the studio now.',
  'Police have reopened the coast road after a long night of clearing fallen trees.',
] as const;
