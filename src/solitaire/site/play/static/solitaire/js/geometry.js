// Where every pile sits: a plan that fits the game's piles into the board without scrolling.

const RATIO = 1.4; // card height / width
const GAP = 0.14; // space between columns, in card widths
const FAN = 0.3; // vertical step of a fanned pile, in card heights
const SMALL_FAN = 0.34; // the same for small cards, whose index is relatively taller
const MAX_WIDTH = 118;

/**
 * Which piles a game has: from its facts (the game object's ``table``), which say whether
 * there is a stock and a waste even while they are empty, else from the layout alone.
 */
export function shapeOf(layout, facts = null) {
  const waste = facts ? Boolean(facts.waste) : layout.waste.length > 0;
  const stock = facts ? Boolean(facts.stock) : waste || layout.stock.length > 0;
  return {
    tableau: layout.tableau.length,
    foundations: layout.foundations.length,
    cells: layout.cells.length,
    stock,
    waste,
  };
}

// The top area: stock, waste and cells on the left, foundations on the right, in one row or
// with the foundations in two rows when that lets the cards be larger. On a narrow screen a
// wide tableau may split into two rows too, when that makes the cards much larger.
function arrangements(shape) {
  const left = [];
  if (shape.stock) left.push("s");
  if (shape.waste) left.push("w");
  for (let i = 0; i < shape.cells; i++) left.push(`c${i}`);
  const found = Array.from({ length: shape.foundations }, (_, i) => `f${i}`);
  const half = Math.ceil(shape.foundations / 2);
  const tops = [[found]];
  if (shape.foundations > 4) tops.push([found.slice(0, half), found.slice(half)]);
  const options = [];
  for (const rows of tops) {
    options.push({ rows, left, tableauRows: 1 });
    if (shape.tableau >= 8) options.push({ rows, left, tableauRows: 2 });
  }
  return options;
}

const DEPTH = 3.2; // card heights a tableau row needs: a card and several fanned above it
const SPLIT_DEPTH = 3.6; // the same for each of two tableau rows, which cannot grow as far
const SPLIT_GAIN = 1.4; // how much larger two rows must make the cards to be worth it

function sizeFor(shape, option, width, height) {
  const perRow = Math.ceil(shape.tableau / option.tableauRows);
  const columns = Math.max(perRow, option.left.length + option.rows[0].length);
  const rows = option.rows.length;
  const depth = option.tableauRows === 1 ? DEPTH : 2 * SPLIT_DEPTH;
  const byWidth = width / (columns + (columns + 1) * GAP);
  const byHeight = height / (RATIO * (rows + depth) + (rows + 2 + option.tableauRows) * GAP);
  return { columns, perRow, cardWidth: Math.min(byWidth, byHeight, MAX_WIDTH) };
}

/**
 * Plan the board: card size and a box for every pile, in pixels from the board's corner.
 * Tableau boxes reach down to the bottom of their row, so that a whole column is a drop zone.
 */
export function plan(shape, width, height) {
  let best = null;
  for (const option of arrangements(shape)) {
    const size = sizeFor(shape, option, width, height);
    const gain = option.tableauRows > 1 ? SPLIT_GAIN : 1;
    if (!best || size.cardWidth > best.cardWidth * gain + 0.5) best = { option, ...size };
  }
  const { option, columns, perRow } = best;
  const cw = Math.floor(best.cardWidth);
  const ch = Math.round(cw * RATIO);
  const gap = Math.max(3, Math.floor(cw * GAP));
  const used = columns * cw + (columns - 1) * gap;
  const x0 = Math.max(gap, Math.floor((width - used) / 2));
  const colX = (col) => Math.round(x0 + col * (cw + gap));
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
  const rowHeight = Math.floor((height - tableauTop - gap * option.tableauRows) / option.tableauRows);
  for (let i = 0; i < shape.tableau; i++) {
    const row = Math.floor(i / perRow);
    const inRow = row === option.tableauRows - 1 ? shape.tableau - row * perRow : perRow;
    const start = (columns - inRow) / 2;
    boxes[`t${i}`] = {
      x: colX(start + (i % perRow)),
      y: tableauTop + row * (rowHeight + gap),
      w: cw,
      h: Math.max(ch, rowHeight),
    };
  }
  return { cardWidth: cw, cardHeight: ch, gap, boxes, tableauRows: option.tableauRows };
}

/** The vertical step between the cards of a tableau pile of ``count`` cards in ``box``. */
export function fanStep(count, box, cardHeight) {
  if (count < 2) return 0;
  const natural = Math.round(cardHeight * (cardHeight < 90 ? SMALL_FAN : FAN));
  const room = box.h - cardHeight;
  return Math.max(2, Math.min(natural, Math.floor(room / (count - 1))));
}
