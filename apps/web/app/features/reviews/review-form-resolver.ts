import { zodResolver } from '@hookform/resolvers/zod';
import { reviewCreateRequest } from '@promptmarket/contracts/reviews';
import type { Resolver } from 'react-hook-form';
import type { ReviewFormValues } from './rules';

const check = zodResolver(reviewCreateRequest);

/**
 * The review form's check: the API's own schema (convention 9), loaded apart from the page. The
 * chosen radio's value is a string, which is handed on as the number the API takes; the values it
 * answers are the schema's (the stars a number, an empty text null).
 */
export const reviewFormResolver: Resolver<ReviewFormValues> = (values, context, options) =>
  check(
    { stars: values.stars === '' ? undefined : Number(values.stars), text: values.text } as never,
    context,
    options as never,
  ) as never;
