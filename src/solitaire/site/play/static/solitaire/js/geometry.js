// Where every pile sits: a plan that fits the game's piles into the board without scrolling.

const RATIO = 1.4; // card height / width
const GAP = 0.14; // space between columns, in card widths
const MAX_WIDTH = 118;
const WASTE_GAP = 0.5; // columns kept between a waste and the foundations in its row
const MIN_WIDTH = 22;

// A covered card must keep its rank and suit readable (cards.js draws them): its whole index
// showing, or at least READABLE_PX of it, and never less than the rank's ink (Q's tail too).
// Down a column the index is the rank with the suit beside it, across a row the rank with
// the suit below it; as fractions of the card's height and width.
const INDEX_DOWN = 0.34; // the index's box (font ascent to descent), in card heights
const RANK_INK_DOWN = 0.31; // the rank's ink, Q's tail included, in card heights
const INDEX_ACROSS = 0.44; // the rank and the suit below it, "10" included, in card widths
const READABLE_PX = 30;
// A covered card a finger may take (a legal move takes the run from it) shows at least this
// much of itself (WCAG 2.5.8's 24 px targets).
const TAP_PX = 24;
// What a plan's covered cards show, least first: nothing sure (LOOSE), their index
// (READABLE), a finger's width where a legal move takes them (TAPPABLE), and everywhere (ALL).
const [LOOSE, READABLE, TAPPABLE, ALL] = [0, 1, 2, 3];
// A board this low (a phone on its side) may put the foundations, stock and cells in columns
// beside the tableau, which then has the whole height.
const SHORT_BOARD = 500;
const SIDE_GAP = 0.5; // columns kept between the tableau and the piles beside it
// Every covered card keeps a finger's width, not only those a legal move takes, while the
// cards keep this share of the width they would have otherwise.
const ALL_TAPPABLE_SHARE = 0.75;
const NATURAL_DOWN = 0.34; // the step of a pile with room to spare, in card heights
const NATURAL_ACROSS = 0.46; // the same across a row, in card widths
// A row fanned sideways spreads up to this step, in card widths, where its wing has room:
// the rows then fill both wings alike (a wing is as wide as the room lets it be), and the
// table reads as centred on the screen.
const SPREAD_ACROSS = 0.95;

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
// wide tableau may split into two rows too, when that makes the cards larger.
function arrangements(shape, width = 0, height = Infinity) {
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
    options.push({ kind: "columns", rows, left, tableauRows: 1 });
    if (shape.tableau >= 8) options.push({ kind: "columns", rows, left, tableauRows: 2 });
  }
  if (height <= SHORT_BOARD && width > height) options.push(...sideArrangements(left, found));
  return options;
}

// On a short, wide board: the tableau in one row with the whole height, the other piles in
// one to four columns at its side, the stock, waste and cells above the foundations.
function sideArrangements(left, found) {
  const options = [];
  for (let columns = 1; columns <= 4; columns++) {
    const grid = [];
    for (let i = 0; i < left.length; i += columns) grid.push(left.slice(i, i + columns));
    for (let i = 0; i < found.length; i += columns) grid.push(found.slice(i, i + columns));
    if (columns > 1 && grid.every((row) => row.length < columns)) break;
    options.push({ kind: "columns", side: grid, tableauRows: 1 });
  }
  return options;
}

// The classic layout of a game dealt whole and face up: its piles as rows fanned sideways in
// two wings, the foundations (and cells) in the middle, in one column or two.
function wingArrangements(shape) {
  const cells = Array.from({ length: shape.cells }, (_, i) => `c${i}`);
  const found = Array.from({ length: shape.foundations }, (_, i) => `f${i}`);
  const options = [{ kind: "wings", middle: [...cells, ...found].map((name) => [name]) }];
  if (shape.foundations > 1) {
    const grid = [];
    for (let i = 0; i < cells.length; i += 2) grid.push(cells.slice(i, i + 2));
    for (let i = 0; i < found.length; i += 2) grid.push(found.slice(i, i + 2));
    options.push({ kind: "wings", middle: grid });
  }
  return options;
}

const BASE_DEPTH = 8; // cards a pile is planned for even while every pile is shorter
const REF_DEPTH = 13; // the pile a layout is chosen for: a whole suit, King to Ace
const SPLIT_GAIN = 1.1; // how much larger two tableau rows must make the cards to be worth it

/**
 * How much of a covered card must show along its fan, in pixels, for a card ``size`` long
 * that way (its height down a column, its width across a row): its whole index, or at least
 * READABLE_PX of it and all of the rank's ink; and, with ``tap``, never less than TAP_PX.
 */
export function readableStep(size, fan = "down", tap = true) {
  const floor = tap ? TAP_PX : 0;
  if (fan === "across") return Math.max(floor, Math.ceil(INDEX_ACROSS * size) + 1);
  const index = INDEX_DOWN * size;
  return Math.max(floor, Math.ceil(Math.max(Math.min(index, READABLE_PX), RANK_INK_DOWN * size)) + 1);
}

/** The step of a fanned pile with room to spare: a little more than it must show. */
export function naturalStep(size, fan = "down") {
  const share = fan === "across" ? NATURAL_ACROSS : NATURAL_DOWN;
  return Math.max(readableStep(size, fan) + 2, Math.round(size * share));
}

const longestOf = (lengths, from, to) =>
  Math.max(BASE_DEPTH, ...lengths.slice(from, to).map((n) => n ?? 0));

// How long a pile fanned ``fan`` must be for cards ``size`` long that way, its piles
// ``lengths[from:to]`` long, as ``strict`` says: every pile planned BASE_DEPTH deep at least,
// readable; and, for TAPPABLE, the piles as they are with a finger's width for each covered
// card a finger may take (``lifts``: how many top cards of each pile a legal move takes;
// null, every card).
function fanNeed(size, fan, lengths, from, to, strict, lifts = null) {
  if (strict === LOOSE) return size;
  const read = readableStep(size, fan, false);
  const planned = size + (longestOf(lengths, from, to) - 1) * read;
  if (strict === READABLE) return planned;
  const tap = readableStep(size, fan, true);
  let need = planned;
  for (let i = from; i < to; i++) {
    const count = lengths[i] ?? 0;
    if (count < 2) continue;
    const taken = liftOf(lifts, i, count);
    need = Math.max(need, size + (count - taken) * read + (taken - 1) * tap);
  }
  return need;
}

// How many top cards of tableau pile ``i`` (of ``count``) must each show a finger's width.
function liftOf(lifts, i, count) {
  if (!lifts) return count;
  return Math.min(count, Math.max(1, lifts[i] ?? 1));
}

/**
 * For each of ``piles`` tableau piles, the most cards a legal move of ``legal`` (moves in
 * SPEC notation) takes from its top: 1 where none takes more than its top card.
 */
export function liftsOf(legal, piles) {
  const lifts = Array(piles).fill(1);
  for (const text of legal ?? []) {
    const match = /^t(\d+)>[a-z]\d*(?::(\d+))?$/.exec(text);
    if (!match) continue;
    const i = Number(match[1]);
    if (i < piles) lifts[i] = Math.max(lifts[i], Number(match[2] ?? 1));
  }
  return lifts;
}

function metrics(cw) {
  return { cw, ch: Math.round(cw * RATIO), gap: Math.max(3, Math.floor(cw * GAP)) };
}

// The columns layout for cards ``cw`` wide, or null when it does not fit. ``strict`` says what
// every pile's covered cards must show: TAPPABLE, their index and a finger's width; READABLE,
// their index; LOOSE, nothing (only the cards themselves must fit). ``split``, the share
// of the room the first of two tableau rows had so far, is kept while every pile stays
// readable with it: the second row does not move each time a pile of the first grows.
function columnsLayout(shape, option, width, height, cw, lengths, strict, split = null, lifts = null) {
  if (option.side) return sideLayout(shape, option, width, height, cw, lengths, strict, lifts);
  const { ch, gap } = metrics(cw);
  const rowsOfTableau = option.tableauRows;
  const perRow = Math.ceil(shape.tableau / rowsOfTableau);
  // A waste beside the foundations keeps a gap from them, so that it does not read as one.
  const top = option.left.length + option.rows[0].length + (shape.waste ? WASTE_GAP : 0);
  const columns = Math.max(perRow, top);
  if (columns * cw + (columns + 1) * gap > width) return null;
  const tableauTop = gap + option.rows.length * (ch + gap) + Math.floor(gap / 2);
  const room = height - tableauTop - gap * rowsOfTableau;
  const needs = [];
  for (let r = 0; r < rowsOfTableau; r++) {
    needs.push(fanNeed(ch, "down", lengths, r * perRow, (r + 1) * perRow, strict, lifts));
  }
  const needed = needs.reduce((a, b) => a + b, 0);
  if (needed > room) return null;
  // The share of the room each row gets: as held, or in proportion to what its longest pile needs.
  let shares = needs.map((need) => need / needed);
  if (split !== null && rowsOfTableau === 2) {
    const held = [split, 1 - split];
    if (held.every((share, r) => Math.floor(room * share) >= needs[r])) shares = held;
  }
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
  // Each tableau row gets room in proportion to what its longest pile needs.
  let y = tableauTop;
  for (let r = 0; r < rowsOfTableau; r++) {
    const rowHeight = r === rowsOfTableau - 1
      ? height - gap - y
      : Math.floor(room * shares[r]);
    const first = r * perRow;
    const inRow = Math.min(perRow, shape.tableau - first);
    const start = (columns - inRow) / 2;
    for (let i = 0; i < inRow; i++) {
      boxes[`t${first + i}`] = {
        x: colX(start + i), y, w: cw, h: Math.max(ch, rowHeight), fan: "down",
      };
    }
    y += rowHeight + gap;
  }
  return {
    cardWidth: cw, cardHeight: ch, gap, boxes, tableauRows: rowsOfTableau, kind: "columns",
    split: shares[0],
  };
}

// The side layout (``option.side``, a grid of the piles that are not the tableau's) for cards
// ``cw`` wide, or null when it does not fit: the tableau in one row from the top of the board
// to its bottom, the grid in columns on its right, SIDE_GAP columns apart. ``mirror``: how far
// the tableau moves right when the other piles are mirrored to the left (a left-handed table).
function sideLayout(shape, option, width, height, cw, lengths, strict, lifts) {
  const { ch, gap } = metrics(cw);
  const sideColumns = Math.max(...option.side.map((row) => row.length));
  const columns = shape.tableau + sideColumns + SIDE_GAP;
  const used = Math.ceil(columns * cw + (shape.tableau + sideColumns - 1) * gap + gap);
  if (used + 2 * gap > width) return null;
  if (option.side.length * (ch + gap) + gap > height) return null;
  if (fanNeed(ch, "down", lengths, 0, shape.tableau, strict, lifts) > height - 2 * gap) return null;
  const x0 = Math.max(gap, Math.floor((width - used) / 2));
  const boxes = {};
  for (let i = 0; i < shape.tableau; i++) {
    boxes[`t${i}`] = { x: x0 + i * (cw + gap), y: gap, w: cw, h: height - 2 * gap, fan: "down" };
  }
  const sideX = x0 + used - sideColumns * cw - (sideColumns - 1) * gap;
  option.side.forEach((row, r) => {
    row.forEach((name, i) => {
      boxes[name] = { x: sideX + i * (cw + gap), y: gap + r * (ch + gap), w: cw, h: ch };
    });
  });
  const tableauWidth = shape.tableau * cw + (shape.tableau - 1) * gap;
  return {
    cardWidth: cw, cardHeight: ch, gap, boxes, tableauRows: 1, kind: "columns", side: true,
    mirror: used - tableauWidth,
  };
}

// The step of a row of ``count`` cards ``cw`` wide fanned across ``room`` pixels.
function acrossStep(count, room, cw) {
  if (count < 2) return 0;
  const spread = Math.max(naturalStep(cw, "across"), Math.round(cw * SPREAD_ACROSS));
  return Math.max(2, Math.min(spread, Math.floor((room - cw) / (count - 1))));
}

// The wings layout for cards ``cw`` wide, or null when it does not fit. Both wings fan to
// the right, so a covered card always shows its left edge: the rank with the suit below.
// The right wing's rows end short of its box where they are short, so the whole table moves
// right by half that (``shift``, kept through a game as ``held`` says): the cards then stand
// as far from either edge of the screen.
function wingsLayout(shape, option, width, height, cw, lengths, strict, held = null, lifts = null) {
  const { ch, gap } = metrics(cw);
  const half = Math.ceil(shape.tableau / 2);
  const middleColumns = Math.max(...option.middle.map((row) => row.length));
  const slots = Math.max(half, option.middle.length);
  if (slots * ch + (slots + 1) * gap > height) return null;
  const middleWidth = middleColumns * cw + (middleColumns - 1) * gap;
  const room = Math.floor((width - middleWidth - 4 * gap) / 2);
  const n = strict ? longestOf(lengths, 0, shape.tableau) : 1;
  if (fanNeed(cw, "across", lengths, 0, shape.tableau, strict, lifts) > room) return null;
  // As wide as a whole suit's row at the natural step needs, and no wider: the wings stay
  // close to the foundations on a wide screen.
  const full = cw + (Math.max(n, REF_DEPTH) - 1) * naturalStep(cw, "across");
  const wing = Math.min(room, full);
  const used = 2 * wing + middleWidth + 2 * gap;
  const longestRight = Math.max(1, ...lengths.slice(half).map((count) => count ?? 0));
  const rightCards = cw + (longestRight - 1) * acrossStep(longestRight, wing, cw);
  // Never so far that the right wing's longest row would be squeezed past readable.
  const readableRight = cw + (longestRight - 1) * readableStep(cw, "across");
  const shift = Math.max(0, Math.min(
    held?.shift ?? Math.floor((wing - rightCards) / 2),
    wing - readableRight,
  ));
  const x0 = Math.floor((width - used) / 2) + shift;
  const middleX = x0 + wing + gap;
  const rightX = middleX + middleWidth + gap;
  const rowY = (r, count) => gap + Math.round(((slots - count) * (ch + gap)) / 2) + r * (ch + gap);
  const boxes = {};
  for (let i = 0; i < shape.tableau; i++) {
    const right = i >= half;
    const r = right ? i - half : i;
    boxes[`t${i}`] = {
      x: right ? rightX : x0,
      y: rowY(r, right ? shape.tableau - half : half),
      w: right ? wing - shift : wing,
      h: ch,
      fan: "across",
    };
  }
  option.middle.forEach((row, r) => {
    const inset = ((middleColumns - row.length) * (cw + gap)) / 2;
    row.forEach((name, i) => {
      boxes[name] = {
        x: Math.round(middleX + inset + i * (cw + gap)),
        y: rowY(r, option.middle.length),
        w: cw,
        h: ch,
      };
    });
  });
  return { cardWidth: cw, cardHeight: ch, gap, boxes, tableauRows: 0, kind: "wings", shift };
}

// ``held``: what a plan kept through a game holds of itself (two rows' split, the wings' shift).
function layoutFor(shape, option, width, height, cw, lengths, strict, held = null, lifts = null) {
  if (option.kind === "wings") {
    // The shift is kept for the same cards only: other cards make other rows.
    const kept = held?.cardWidth === cw ? held : null;
    return wingsLayout(shape, option, width, height, cw, lengths, strict, kept, lifts);
  }
  return columnsLayout(shape, option, width, height, cw, lengths, strict, held?.split ?? null, lifts);
}

// The layout of ``option`` with the largest cards whose piles all stay tappable (``readable``
// TAPPABLE, or ALL when every covered card is: see ALL_TAPPABLE_SHARE); failing that,
// readable (READABLE); failing that (a pile too long for any card), the smallest cards, whose
// fans squeeze (LOOSE). ``held``: the plan held so far in this game (see layoutFor).
function largest(shape, option, width, height, lengths, widest = MAX_WIDTH, held = null, tap = true, lifts = null) {
  for (const readable of tap ? [TAPPABLE, READABLE] : [READABLE]) {
    for (let cw = widest; cw >= MIN_WIDTH; cw--) {
      const layout = layoutFor(shape, option, width, height, cw, lengths, readable, held, lifts);
      if (!layout) continue;
      if (readable !== TAPPABLE) return { layout, readable };
      if (!lifts) return { layout, readable: ALL };
      // Every covered card a finger's width, where that costs the cards little of their width.
      for (let all = cw; all >= Math.max(MIN_WIDTH, Math.ceil(cw * ALL_TAPPABLE_SHARE)); all--) {
        const every = layoutFor(shape, option, width, height, all, lengths, readable, held, null);
        if (every) return { layout: every, readable: ALL, without: cw };
      }
      return { layout, readable };
    }
  }
  for (let cw = MIN_WIDTH; cw >= 8; cw--) {
    const layout = layoutFor(shape, option, width, height, cw, lengths, LOOSE);
    if (layout) return { layout, readable: LOOSE };
  }
  return { layout: layoutFor(shape, option, Infinity, Infinity, 8, lengths, LOOSE), readable: LOOSE };
}

// The arrangement that gives the largest readable cards on this screen, chosen for a long
// game: one pile holds a whole suit, the others are of the usual depth, or longer where the
// piles ``lengths`` already are.
function arrangementFor(shape, width, height, wings, lengths) {
  const options = arrangements(shape, width, height);
  if (wings && shape.tableau >= 4) options.push(...wingArrangements(shape));
  const reference = Array.from({ length: shape.tableau }, (_, i) => Math.max(BASE_DEPTH, lengths[i] ?? 0));
  const longest = reference.indexOf(Math.max(...reference));
  reference[longest] = Math.max(REF_DEPTH, reference[longest]);
  // The piles of the usual depth (or as they are, where longer) break a tie: of two
  // arrangements as good for a long pile, the one with larger cards until then.
  const usual = Array.from({ length: shape.tableau }, (_, i) => Math.max(BASE_DEPTH, lengths[i] ?? 0));
  let best = null;
  for (const option of options) {
    // The reference piles are not the game's: a finger's width is asked of the real ones only.
    const { layout, readable } = largest(shape, option, width, height, reference, MAX_WIDTH, null, false);
    const size = layout.cardWidth;
    // Two tableau rows must make the cards clearly larger; the wings win a tie.
    const gain = option.tableauRows > 1 ? SPLIT_GAIN : 1;
    const early = () => largest(shape, option, width, height, usual, MAX_WIDTH, null, false).layout.cardWidth;
    const tie = best && readable === best.readable && size === best.size && gain === 1;
    const wins = !best || readable > best.readable ||
      (readable === best.readable &&
        (option.kind === "wings" ? size >= best.size : size > best.size * gain + 0.5)) ||
      (tie && option.kind !== "wings" && early() > best.early());
    if (wins) best = { option, size, readable, early };
  }
  return best.option;
}

/**
 * Plan the board: card size and a box for every pile, in pixels from the board's corner.
 * Tableau boxes say which way their pile fans (``fan``: "down" or "across") and reach to
 * the end of their row, so that a whole column or row is a drop zone.
 *
 * ``lengths`` are the tableau piles' lengths: the cards shrink before a long pile's ranks
 * would overlap, or a finger's width of a covered card a legal move takes from it would be
 * lost (``lifts``, from liftsOf; null: of every covered card). On a short, wide board (a
 * phone on its side) the piles other than the tableau's may stand in columns at its side.
 * ``wings`` (a game dealt whole, face up) allows the classic layout of rows fanned sideways
 * around the foundations. The arrangement is the one that gives the largest cards on this
 * screen to a pile of a whole suit and the others of the usual depth, or to the piles as
 * they are where they are longer. ``hold``, the plan the board had so far in this game, keeps the layout still: the
 * same arrangement unless another gives clearly larger cards (REARRANGE_GAIN), cards never
 * larger than they were (they may shrink, when a pile grows long or the board loses
 * height), and two tableau rows split the room as before while every pile fits.
 */
export function plan(shape, width, height, { lengths = [], lifts = null, wings = false, hold = null } = {}) {
  const option = hold?.option ?? arrangementFor(shape, width, height, wings, lengths);
  const widest = hold ? Math.min(MAX_WIDTH, hold.cardWidth) : MAX_WIDTH;
  const found = largest(shape, option, width, height, lengths, widest, hold, true, lifts);
  const other = found.readable < ALL || (hold && found.layout.cardWidth < hold.cardWidth)
    ? widerArrangement(shape, width, height, wings, lengths, widest, option, lifts)
    : null;
  const better = other && beats(other, found, REARRANGE_GAIN);
  return better ? { ...other.layout, option: other.option } : { ...found.layout, option };
}

// Whether layout ``a`` (as ``largest`` finds it) serves better than ``b``: what its covered
// cards show, then its cards' width, ``gain`` times larger at least. Every covered card a
// finger's width (ALL) is worth a little of the width (ALL_TAPPABLE_SHARE) over only those a
// legal move takes (TAPPABLE).
function beats(a, b, gain = 1) {
  const [wa, wb] = [a.layout.cardWidth, b.layout.cardWidth];
  const tapping = (found) => found.readable >= TAPPABLE;
  if (tapping(a) && tapping(b) && a.readable !== b.readable) {
    return a.readable === ALL ? wa >= wb * ALL_TAPPABLE_SHARE : wa * ALL_TAPPABLE_SHARE > wb;
  }
  if (a.readable !== b.readable) return a.readable > b.readable;
  return wa > wb * gain;
}

const REARRANGE_GAIN = 1.15; // how much larger another arrangement's cards must be to move to it

// The arrangement other than ``held`` that gives the largest cards for the piles as they are
// now: when long piles shrink the cards, piles in one row may use the width that two rows
// leave empty (or two rows the height).
function widerArrangement(shape, width, height, wings, lengths, widest, held, lifts) {
  const options = arrangements(shape, width, height);
  if (wings && shape.tableau >= 4) options.push(...wingArrangements(shape));
  let best = null;
  for (const option of options) {
    if (JSON.stringify(option) === JSON.stringify(held)) continue;
    const found = largest(shape, option, width, height, lengths, widest, null, true, lifts);
    if (!best || beats(found, best)) best = { ...found, option };
  }
  return best;
}

/**
 * The step between the cards of a tableau pile of ``count`` cards in ``box``, along the
 * box's fan (down: in card heights, across: in card widths): natural while there is room
 * (across, spread a little wider, to fill the wing), closer when the pile is long, never
 * closer than readable unless nothing else fits.
 */
export function fanStep(count, box, cardHeight, cardWidth = cardHeight / RATIO) {
  if (count < 2) return 0;
  const across = box.fan === "across";
  const size = across ? cardWidth : cardHeight;
  const natural = across
    ? Math.max(naturalStep(size, "across"), Math.round(size * SPREAD_ACROSS))
    : naturalStep(size, "down");
  const room = (across ? box.w : box.h) - size;
  return Math.max(2, Math.min(natural, Math.floor(room / (count - 1))));
}

/**
 * Where each card of a tableau pile of ``count`` cards in ``box`` lies along its fan, in
 * pixels from the pile's corner: every step fanStep's, unless the top ``lift`` cards (a run
 * a legal move takes) would then show less than a finger's width each; those then show it,
 * and the cards under them share the rest of the room, closer.
 */
export function fanOffsets(count, box, cardHeight, cardWidth = cardHeight / RATIO, lift = null) {
  const step = fanStep(count, box, cardHeight, cardWidth);
  const even = Array.from({ length: count }, (_, i) => i * step);
  const across = box.fan === "across";
  const size = across ? cardWidth : cardHeight;
  const tap = readableStep(size, box.fan, true);
  const taken = Math.min(count, Math.max(1, lift ?? 1));
  if (taken < 2 || step >= tap) return even;
  const under = count - taken; // the strips of the cards under the run
  const room = (across ? box.w : box.h) - size - (taken - 1) * tap;
  const close = under ? Math.min(step, Math.floor(room / under)) : 0;
  // Never at the cost of the readable index of the cards under the run.
  if (under && close < readableStep(size, box.fan, false)) return even;
  return Array.from({ length: count }, (_, i) => (i <= under ? i * close : under * close + (i - under) * tap));
}
