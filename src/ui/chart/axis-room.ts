// Room for the charts' labels, so none is cut at the edge or drawn over another: uPlot sizes its axes for its own
// short labels, ours are longer ('MM-dd HH:mm', '1,234.5') and carry a title.
import type uPlot from 'uplot';

/** Pixels a character of the axes' 12 px font takes at most (digits and Latin; a CJK title is measured apart). */
const CHAR_PX = 7.5;
/** The gap, tick and title line beside the tick labels. */
const TITLE_PX = 28;

/** A y axis as wide as its longest tick label plus its title, so the title never sits on the numbers. */
export function yAxisSize(_self: uPlot, values: readonly string[] | null): number {
  const longest = (values ?? []).reduce((most, value) => Math.max(most, value.length), 0);
  return Math.ceil(Math.max(3, longest) * CHAR_PX + TITLE_PX);
}

/** Room right of a time chart for half of its last label, centred on the last tick: it is not cut at the edge. */
export const TIME_CHART_PADDING: uPlot.Padding = [12, 44, null, null];

/** The least room between two time ticks: a 'MM-dd HH:mm' label takes up to 80 px. */
export const TIME_TICK_SPACE = 100;
