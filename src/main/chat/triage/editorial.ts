/**
 * The review record every editorial triage data file carries (word lists, critical values, near-miss answers,
 * education topics, decline words): who checked it, when, and what they checked. One shape, so a reviewer's entry
 * reads the same in every file.
 */
import { z } from 'zod';

export const Review = z.object({ by: z.string(), date: z.string(), scope: z.string() });
