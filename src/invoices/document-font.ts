import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * DejaVu Sans (from the `dejavu-fonts-ttf` package), the font every document is drawn with,
 * embedded as a subset of the glyphs it uses: it covers Latin-1, Latin Extended-A and B, Greek
 * and Cyrillic, so names such as "Małgorzata Wiśniewska" or "Jiří Dvořák" are printed as written
 * (the PDF's built-in fonts have no ł, ś, ř or ő).
 */
export interface DocumentFonts {
  regular: Buffer;
  bold: Buffer;
}

let kept: Promise<DocumentFonts> | undefined;

/** The regular and bold font files, read once per process from the package. */
export function documentFonts(): Promise<DocumentFonts> {
  if (kept === undefined) {
    const require = createRequire(import.meta.url);
    kept = Promise.all([
      readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
      readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
    ])
      .then(([regular, bold]) => ({ regular, bold }))
      .catch((error: unknown) => {
        kept = undefined;
        throw error;
      });
  }
  return kept;
}
