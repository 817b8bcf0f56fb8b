import { zodResolver } from '@hookform/resolvers/zod';
import { offerCreateFields, offerPromptMissing } from '@promptmarket/contracts/offers';
import { z } from 'zod';
import { chosenFile } from '../../lib/chosen-file';
import { offerFileKind, offerFileProblem } from './rules';

const { 'style_ids[]': styleIds, ...textFields } = offerCreateFields.shape;

/**
 * The create form of the offers tab, checked by the contract of `POST /offer/create` (the styles
 * under `style_ids`, a name the form can hold) and, for the file, by what the browser can know
 * before sending it: its size and kind (spec section 5).
 */
export const offerForm = z
  .object({
    ...textFields,
    style_ids: styleIds,
    media: z.unknown().superRefine((files, context) => {
      const problem = offerFileProblem(chosenFile(files));
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  })
  .superRefine(
    (values, context) => {
      // A picture is sold with its prompt (decision 0047); a document needs none.
      const file = chosenFile(values.media);
      const prompt = typeof values.prompt === 'string' ? values.prompt : null;
      if (file && offerPromptMissing(offerFileKind(file), prompt)) {
        context.addIssue({ code: 'custom', path: ['prompt'], message: 'offer_prompt.required' });
      }
    },
    // Checked with the other fields, so that every problem shows at once.
    { when: () => true },
  );
export type OfferFormValues = z.input<typeof offerForm>;
export const offerFormResolver = zodResolver(offerForm, undefined, { raw: true });
