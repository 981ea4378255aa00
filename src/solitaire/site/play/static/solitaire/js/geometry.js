// Where every pile sits: a plan that fits the game's piles into the board without scrolling.

const RATIO = 1.4; // card height / width
const GAP = 0.14; // space between columns, in card widths
const FAN = 0.3; // vertical step of a fanned pile, in card heights
const SMALL_FAN = 0.34; // the same for small cards, whose index is relatively taller
const MAX_WIDTH = 118;

/** Which piles a game has, from its layout (and its id for an empty stock or waste). */
export function shapeOf(layout) {
  const waste = layout.game === "streets" || layout.game === "fours-up" ||
    layout.game === "forty-thieves" || layout.waste.length > 0;
  const stock = waste || layout.game === "blockade" || layout.stock.length > 0;
  return {
    tableau: layout.tableau.length,
    foundations: layout.foundations.length,
    cells: layout.cells.length,
    stock,
    waste,
  };
}

// The top area: stock, waste and cells on the left, foundations on the right, in one row or
// with the foundations in two rows when that lets the cards be larger.
function arrangements(shape) {
  const left = [];
  if (shape.stock) left.push("s");
  if (shape.waste) left.push("w");
  for (let i = 0; i < shape.cells; i++) left.push(`c${i}`);
  const found = Array.from({ length: shape.foundations }, (_, i) => `f${i}`);
  const options = [{ rows: [found], left }];
  if (shape.foundations > 4) {
    const half = Math.ceil(shape.foundations / 2);
    options.push({ rows: [found.slice(0, half), found.slice(half)], left });
  }
  return options;
}

function columnsOf(shape, option) {
  const top = option.left.length + option.rows[0].length;
  return Math.max(shape.tableau, top);
}

/**
 * Plan the board: card size and a box for every pile, in pixels from the board's corner.
 * Tableau boxes reach down to the bottom so that a whole column is a drop zone.
 */
export function plan(shape, width, height) {
  let best = null;
  for (const option of arrangements(shape)) {
    const columns = columnsOf(shape, option);
    const rows = option.rows.length;
    const byWidth = width / (columns + (columns + 1) * GAP);
    // The tableau needs room for a card and a few fanned cards under the top rows.
    const byHeight = height / (RATIO * (rows + 3.2) + (rows + 2) * GAP);
    const cardWidth = Math.min(byWidth, byHeight, MAX_WIDTH);
    if (!best || cardWidth > best.cardWidth + 0.5) best = { option, columns, cardWidth };
  }
  const { option, columns } = best;
  const cw = Math.floor(best.cardWidth);
  const ch = Math.round(cw * RATIO);
  const gap = Math.max(3, Math.floor(cw * GAP));
  const used = columns * cw + (columns - 1) * gap;
  const x0 = Math.max(gap, Math.floor((width - used) / 2));
  const colX = (col) => x0 + col * (cw + gap);
  const boxes = {};
  option.left.forEach((name, i) => {
    boxes[name] = { x: colX(i), y: gap, w: cw, h: ch };
  });
  option.rows.forEach((row, r) => {
    const start = columns - row.length;
    row.forEach((name, i) => {
      boxes[name] = { x: colX(start + i), y: gap + r * (ch + gap), w: cw, h: ch };
    });
  });
  const tableauTop = gap + option.rows.length * (ch + gap) + Math.floor(gap / 2);
  const tableauStart = Math.floor((columns - shape.tableau) / 2);
  for (let i = 0; i < shape.tableau; i++) {
    boxes[`t${i}`] = {
      x: colX(tableauStart + i),
      y: tableauTop,
      w: cw,
      h: Math.max(ch, height - tableauTop - gap),
    };
  }
  return { cardWidth: cw, cardHeight: ch, gap, boxes };
}

/** The vertical step between the cards of a tableau pile of ``count`` cards in ``box``. */
export function fanStep(count, box, cardHeight) {
  if (count < 2) return 0;
  const natural = Math.round(cardHeight * (cardHeight < 90 ? SMALL_FAN : FAN));
  const room = box.h - cardHeight;
  return Math.max(2, Math.min(natural, Math.floor(room / (count - 1))));
}
