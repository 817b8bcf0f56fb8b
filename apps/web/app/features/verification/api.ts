import { verificationEndpoints } from '@promptmarket/contracts/offers.endpoints';
import type { BrowserApi, UploadOptions } from '../../lib/api-browser';
import type { ApiClient } from '../../lib/api-client';

/** The identity verification's calls, each from the endpoint its contract declares. */
export const getVerification = (api: ApiClient) => api.call(verificationEndpoints.current);
/** The form with its three documents as multipart, with upload progress. */
export const submitVerification = (api: BrowserApi, form: FormData, options: UploadOptions) =>
  api.upload(verificationEndpoints.submit, form, options);
