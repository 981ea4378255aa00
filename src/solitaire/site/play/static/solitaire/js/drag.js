// Drag and drop with pointer events (mouse, pen and touch alike). A press that does not
// travel is a tap (Table.tap). While a card or run is lifted, only the piles a legal move
// reaches light up; a drop anywhere else sends the cards back where they came from.
//
// A fast player aims before the last card has landed, so a press first lands every card in
// flight (anim.land) and remembers where each was drawn at that moment. The press then finds
// its card where the table lays it out; failing that, a card the player caught in flight.
// A drop is taken on the piles as they will stand (their laid-out places), or on a card the
// player saw arriving there. The move is judged by the table once the moves before it have
// their answers (Table.drop), against the position the server holds then: so every drag acts
// exactly as a slow one would.

import { land } from "./anim.js";
import { laidOut } from "./render.js";

const THRESHOLD = 6; // pixels a press travels before it counts as a drag
const CLOSE = 0.5; // a drop also tries piles covered at least this share of the best one

function overlap(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

function grown(box, by) {
  return { left: box.left - by, right: box.right + by, top: box.top - by, bottom: box.bottom + by };
}

const inside = (box, x, y) => x >= box.left && x < box.right && y >= box.top && y < box.bottom;

const STEPS = 10; // boxes looked at along a flight

// The boxes a card in flight passed through, from where its flight began to where it was
// drawn when the player acted: the player saw it somewhere there.
function path({ from, drawn }) {
  const at = (t) => {
    const left = from.left + (drawn.left - from.left) * t;
    const top = from.top + (drawn.top - from.top) * t;
    return { left, top, right: left + drawn.width, bottom: top + drawn.height };
  };
  return Array.from({ length: STEPS + 1 }, (_, k) => at(k / STEPS)).reverse();
}

// A generous drop zone: a pile's laid-out box and its top card's, grown by a third of a card
// width; for a tableau pile that is the whole column or row.
function dropZone(pile, cardWidth) {
  const r = pile.getBoundingClientRect();
  const last = pile.lastElementChild ? laidOut(pile.lastElementChild) : r;
  const box = {
    left: Math.min(r.left, last.left), right: Math.max(r.right, last.right),
    top: Math.min(r.top, last.top), bottom: Math.max(r.bottom, last.bottom),
  };
  return grown(box, cardWidth * 0.35);
}

// The card of ``pileEl`` laid out under the point, the top one where cards overlap; -1 if none.
function cardAt(pileEl, x, y) {
  const cards = [...pileEl.children];
  for (let i = cards.length - 1; i >= 0; i--) {
    if (!cards[i].classList.contains("lifted") && inside(laidOut(cards[i]), x, y)) return i;
  }
  return -1;
}

function spotOf(board, el) {
  const pileEl = el.closest("[data-pile]");
  if (!pileEl || !board.el.contains(pileEl)) return null;
  return { name: pileEl.dataset.pile, index: [...pileEl.children].indexOf(el) };
}

/**
 * What a press at (x, y) may mean: the card laid out there (``laid``), the cards the player
 * saw in flight there (``caught``, topmost first), the card drawn there (``drawn``), and the
 * pile whose place it is (``place``, index -1). Any of them may be missing.
 */
function pressAt(board, x, y, target, flying) {
  let laid = null;
  let place = null;
  for (const [name, pileEl] of board.piles) {
    const index = cardAt(pileEl, x, y);
    if (index >= 0 && !laid) laid = { name, index };
    if (!place && inside(pileEl.getBoundingClientRect(), x, y)) place = { name, index: -1 };
  }
  // Cards seen in flight there, on their way from where they started to where they were
  // drawn when the player acted: the one seen most squarely under the point first.
  const caught = [];
  for (const flight of flying) {
    const spot = spotOf(board, flight.el);
    const seen = spot && path(flight).filter((b) => inside(b, x, y));
    if (!seen?.length) continue;
    const off = (b) => Math.max(Math.abs(x - (b.left + b.right) / 2) / (b.right - b.left),
      Math.abs(y - (b.top + b.bottom) / 2) / (b.bottom - b.top));
    const box = seen.reduce((a, b) => (off(b) < off(a) ? b : a));
    caught.push({ ...spot, drawn: box, off: off(box) });
  }
  caught.sort((a, b) => a.off - b.off);
  const card = target.closest?.(".card");
  const drawn = card ? spotOf(board, card) : null;
  return { laid, caught, drawn, place };
}

// What a tap hits: the laid-out card first (a tap on the stock deals even while the card it
// turned still flies over it), then a card seen in flight, then what is drawn, then the place.
function tapSpot(press) {
  return press.laid ?? press.caught[0] ?? press.drawn ?? press.place;
}

// The cards a drag may have picked up, most likely first: the laid-out card, then the cards
// seen in flight under the pointer. The stock and empty places lift nothing.
function liftable(press) {
  const spots = [press.laid, ...press.caught, press.drawn].filter(
    (spot) => spot && spot.index >= 0 && spot.name !== "s",
  );
  const seen = new Set();
  return spots.filter((spot) => {
    const key = `${spot.name}:${spot.index}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function enableDrag(table) {
  const board = table.board;
  let press = null;

  board.el.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || press) return;
    const flying = land(board.el);
    const x = event.clientX;
    const y = event.clientY;
    const meaning = pressAt(board, x, y, event.target, flying);
    if (!tapSpot(meaning)) return;
    press = { meaning, flying, x, y, id: event.pointerId, moved: false, drag: null };
    board.el.setPointerCapture(event.pointerId);
    event.preventDefault();
  });

  // Carry the lifted cards to the pointer (lifting them once it has travelled far enough).
  function follow(event) {
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.moved) {
      if (Math.hypot(dx, dy) < THRESHOLD) return;
      press.moved = true;
      press.drag = lift(press);
    }
    if (!press.drag) return;
    const drag = press.drag;
    drag.dx = dx;
    drag.dy = dy;
    const tx = dx + drag.offset.x;
    const ty = dy + drag.offset.y;
    for (const el of drag.elements) el.style.transform = `translate(${tx}px, ${ty}px)`;
  }

  board.el.addEventListener("pointermove", (event) => {
    if (press && event.pointerId === press.id) follow(event);
  });

  const finish = (event, cancelled) => {
    if (!press || event.pointerId !== press.id) return;
    // A quick flick may bring its last move with the release only: it is a drag all the same.
    if (!cancelled) follow(event);
    const current = press;
    press = null;
    if (board.el.hasPointerCapture(event.pointerId)) board.el.releasePointerCapture(event.pointerId);
    if (current.drag) drop(current, cancelled);
    else if (!current.moved && !cancelled) {
      const spot = tapSpot(current.meaning);
      table.tap(spot.name, spot.index);
    }
  };
  board.el.addEventListener("pointerup", (event) => finish(event, false));
  board.el.addEventListener("pointercancel", (event) => finish(event, true));
  // A drag never selects text or scrolls the page.
  board.el.addEventListener("dragstart", (event) => event.preventDefault());

  // Lift the most likely cards; the others stay candidates for the table's judgment.
  function lift({ meaning }) {
    const sources = liftable(meaning).map((spot) => ({
      name: spot.name,
      index: spot.index,
      count: board.pile(spot.name).children.length - spot.index,
      drawn: spot.drawn ?? null,
    }));
    if (!sources.length) return null;
    const first = sources[0];
    const elements = board.cardsFrom(first.name, first.index);
    // Where the cards were picked up: as drawn when caught in flight, else as laid out. The
    // drop is measured from there, so a move shown meanwhile cannot shift it.
    const home = laidOut(elements[0]);
    const start = first.drawn ?? home;
    const offset = { x: start.left - home.left, y: start.top - home.top };
    table.lifted(first.name, first.count);
    for (const el of elements) el.classList.add("lifted");
    board.hold(elements);
    return { sources, elements, start, offset, dx: 0, dy: 0 };
  }

  // The piles the cards cover, most first: their laid-out places, and the cards seen
  // arriving on them when the press began. Piles covered far less than the best are left out.
  function under(drag, flying) {
    const { start, dx, dy } = drag;
    const moving = {
      left: start.left + dx, right: start.right + dx, top: start.top + dy, bottom: start.bottom + dy,
    };
    const cardWidth = board.geometry.cardWidth;
    const areas = new Map();
    const cover = (name, area) => areas.set(name, Math.max(areas.get(name) ?? 0, area));
    for (const [name, pileEl] of board.piles) cover(name, overlap(moving, dropZone(pileEl, cardWidth)));
    for (const flight of flying) {
      const spot = flight.el.isConnected ? spotOf(board, flight.el) : null;
      if (!spot || flight.el !== board.pile(spot.name).lastElementChild) continue;
      for (const box of path(flight)) cover(spot.name, overlap(moving, grown(box, cardWidth * 0.35)));
    }
    const ranked = [...areas].filter(([, area]) => area > 0).sort((a, b) => b[1] - a[1]);
    const best = ranked[0]?.[1] ?? 0;
    return ranked.filter(([, area]) => area >= best * CLOSE).map(([name]) => name);
  }

  function drop({ drag, flying }, cancelled) {
    board.markTargets(new Set());
    for (const pile of board.piles.values()) pile.classList.remove("source");
    const targets = cancelled ? [] : under(drag, flying);
    table.drop({ sources: drag.sources, targets, elements: drag.elements, quiet: cancelled });
  }
}
