import { html, type Html } from '../shared/html.ts';

/**
 * A horizontal bar chart drawn on the server as SVG: its title, then one row per bar, its label on
 * the left and its value written at the end of the bar, so it reads top to bottom on a phone as on a desk and
 * needs no script. It is one image to assistive technology (`role="img"`), named by its title and
 * described by every bar's label and value; the page shows the same numbers as a table beside it.
 * Colours come from the style sheet (`.chart`), so the page's Content-Security-Policy allows it.
 */

export interface Bar {
  label: string;
  /** What the bar's length shows; negative values are drawn as empty bars. */
  value: number;
  /** The value as the page writes it. */
  text: string;
}

const WIDTH = 360;
const LABEL_WIDTH = 72;
const VALUE_WIDTH = 96;
const ROW = 24;
const BAR = 16;
const PAD = 4;
const TITLE = 22;

export function barChart(id: string, title: string, bars: readonly Bar[], max?: number): Html {
  const top = max ?? Math.max(0, ...bars.map((b) => b.value));
  const room = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = TITLE + bars.length * ROW + 2 * PAD;
  const rows = bars.map((bar, i) => {
    const y = TITLE + PAD + i * ROW;
    const length = top > 0 && bar.value > 0 ? Math.max(1, Math.round((bar.value / top) * room)) : 0;
    const middle = y + ROW / 2;
    return html`<text class="chart-label" x="${LABEL_WIDTH - 6}" y="${middle}" text-anchor="end" dominant-baseline="central">${bar.label}</text>
<rect class="chart-bar" x="${LABEL_WIDTH}" y="${y + (ROW - BAR) / 2}" width="${length}" height="${BAR}"></rect>
<text class="chart-value" x="${LABEL_WIDTH + length + 4}" y="${middle}" dominant-baseline="central">${bar.text}</text>`;
  });
  const description = bars.map((b) => `${b.label}: ${b.text}`).join('; ');
  return html`<svg class="chart" role="img" aria-labelledby="${id}-title ${id}-desc" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}">
<title id="${id}-title">${title}</title>
<desc id="${id}-desc">${description}</desc>
<text class="chart-title" x="0" y="${TITLE / 2}" dominant-baseline="central">${title}</text>
<line class="chart-axis" x1="${LABEL_WIDTH}" y1="${TITLE + PAD}" x2="${LABEL_WIDTH}" y2="${height - PAD}"></line>
${rows}
</svg>`;
}
