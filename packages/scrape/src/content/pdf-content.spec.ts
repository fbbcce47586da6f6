import { minimalPdf } from '@quarry/testing';
import { readPdf } from './pdf-content';

describe('readPdf', () => {
  const pdf = minimalPdf(['A line of the report.'], 'Report');

  it('reads the text of a PDF with pdfjs-dist installed', async () => {
    const content = await readPdf(pdf, 'https://example.com/report.pdf');
    expect(content.markdown).toContain('A line of the report.');
  });

  it('refuses a PDF naming pdfjs-dist when the package is not installed', async () => {
    // Resolved as Node resolves a package that is not installed.
    const reading = readPdf(
      pdf,
      'https://example.com/report.pdf',
      'pdfjs-dist-not-installed/legacy/build/pdf.mjs',
    );
    await expect(reading).rejects.toMatchObject({
      code: 'UNREADABLE_CONTENT',
      message: expect.stringContaining('needs the pdfjs-dist package'),
      url: 'https://example.com/report.pdf',
    });
  });
});
