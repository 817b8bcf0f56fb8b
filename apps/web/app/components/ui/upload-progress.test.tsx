import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UploadProgress, uploadPercent } from './upload-progress';

describe('UploadProgress', () => {
  it('is a progress bar named by its label, filled to the percent sent', () => {
    const html = renderToStaticMarkup(<UploadProgress percent={40} label="Uploading… 40%" />);
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-label="Uploading… 40%"');
    expect(html).toContain('aria-valuenow="40"');
    expect(html).toContain('style="width:40%"');
  });

  it('counts whole percent of what the browser has sent, none before it knows the size', () => {
    expect(uploadPercent({ loaded: 1, total: 3 })).toBe(33);
    expect(uploadPercent({ loaded: 3, total: 3 })).toBe(100);
    expect(uploadPercent({ loaded: 500, total: 0 })).toBe(0);
    expect(uploadPercent({ loaded: 500, total: null })).toBe(0);
  });
});
