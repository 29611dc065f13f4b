import { z } from 'zod';
import { ECLS, FRAMES, HEX_COLOUR, MAX_FRAME_TEXT, SHAPES, type Ecl } from '../../worker-client/index.ts';
import { normalizeDestination } from '../../shared/destination.ts';

const name = z
  .string()
  .trim()
  .min(1, 'Enter a name for this QR code')
  .max(200, 'The name can be at most 200 characters');

export const saveCodeSchema = z.object({
  name,
  kind: z.enum(['dynamic', 'static']),
});
export type SaveCodeValues = z.infer<typeof saveCodeSchema>;

export const editCodeSchema = z
  .object({
    name,
    isDynamic: z.boolean(),
    /** A hosted page's code: no destination to check (the page editor edits its page). */
    hasPage: z.boolean().optional(),
    destination: z.string().trim(),
    content: z.string(),
    shape: z.enum(SHAPES),
    fg: z.string().regex(HEX_COLOUR, 'Colours are #RRGGBB'),
    bg: z.string().regex(HEX_COLOUR, 'Colours are #RRGGBB'),
    frame: z.enum(FRAMES),
    frameText: z.string().max(MAX_FRAME_TEXT, `Frame text can be at most ${MAX_FRAME_TEXT} characters`),
    ecl: z.enum(ECLS as [Ecl, ...Ecl[]]),
  })
  .superRefine((v, ctx) => {
    if (v.hasPage) return;
    if (v.isDynamic) {
      // The database's rule (public.is_redirectable_url); codesApi stores the normalized form.
      const destination = normalizeDestination(v.destination);
      if (!destination.ok) ctx.addIssue({ code: 'custom', path: ['destination'], message: destination.reason });
    } else if (v.content.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'Enter the content this QR code holds' });
    } else if (v.content.length > 7089) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'The content can be at most 7089 characters' });
    }
  });
export type EditCodeValues = z.infer<typeof editCodeSchema>;
