/** Anything shaped like an e-mail address (local@domain.tld), inside <> or quotes or bare. */
const ADDRESS = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:@]+\.[^\s<>()[\]"',;:@]+/g;

/**
 * A text (an SMTP server's refusal, say) with every e-mail address replaced by `[address]`: a
 * guest's address is personal data and is logged only at debug level.
 */
export function scrubAddresses(text: string): string {
  return text.replace(ADDRESS, '[address]');
}
