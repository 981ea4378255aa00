// Drag and drop with pointer events (mouse, pen and touch alike). A press that does not
// travel is a click. While a card or run is lifted, only the piles a legal move reaches
// light up; a drop anywhere else sends the cards back where they came from.
//
// A press finds its card where the table has put it, not where an animation shows it on
// its way: a click on the stock hits the stock even while the card it turned still flies
// over it. Moves made while others are on their way wait their turn (see Table.queue) and
// are judged against the position the server holds by then.

import { snapBack } from "./anim.js";
import { canLift, movesFrom } from "./moves.js";

const THRESHOLD = 6; // pixels a press travels before it counts as a drag

function overlap(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

// A generous drop zone: a pile's box grown by half a card width around it; for a tableau
// pile, the whole column down to the bottom of the board.
function dropZone(pile, cardWidth) {
  const r = pile.getBoundingClientRect();
  const grow = cardWidth * 0.35;
  const last = pile.lastElementChild?.getBoundingClientRect();
  const bottom = Math.max(r.bottom, last ? last.bottom : r.bottom);
  return { left: r.left - grow, right: r.right + grow, top: r.top - grow, bottom: bottom + grow };
}

// Where the table lays a card out: its box without transforms (a glide, a drag).
function laidOut(el) {
  const pileEl = el.parentElement;
  const r = pileEl.getBoundingClientRect();
  const left = r.left + pileEl.clientLeft + el.offsetLeft;
  const top = r.top + pileEl.clientTop + el.offsetTop;
  return { left, top, right: left + el.offsetWidth, bottom: top + el.offsetHeight };
}

// The card of ``pileEl`` laid out under the point, the top one where cards overlap; -1 if none.
function cardAt(pileEl, x, y) {
  const cards = [...pileEl.children];
  for (let i = cards.length - 1; i >= 0; i--) {
    const box = laidOut(cards[i]);
    if (x >= box.left && x < box.right && y >= box.top && y < box.bottom) return i;
  }
  return -1;
}

/**
 * The pile and card index at the point of ``event``, by laid-out places; else the card
 * drawn there (one still on its way, aimed at in flight); else an empty place; else null.
 */
function hit(board, event) {
  const x = event.clientX;
  const y = event.clientY;
  for (const [name, pileEl] of board.piles) {
    const index = cardAt(pileEl, x, y);
    if (index >= 0) return { name, index };
  }
  const cardEl = event.target.closest?.(".card");
  const pileEl = cardEl?.closest("[data-pile]");
  if (pileEl && board.el.contains(pileEl)) {
    return { name: pileEl.dataset.pile, index: [...pileEl.children].indexOf(cardEl) };
  }
  for (const [name, pileEl] of board.piles) {
    const r = pileEl.getBoundingClientRect();
    if (x >= r.left && x < r.right && y >= r.top && y < r.bottom) return { name, index: -1 };
  }
  return null;
}

export function enableDrag(table) {
  const board = table.board;
  let press = null;

  board.el.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || press) return;
    const spot = hit(board, event);
    if (!spot) return;
    const { name, index } = spot;
    press = {
      name, index, x: event.clientX, y: event.clientY, id: event.pointerId, moved: false, drag: null,
    };
    board.el.setPointerCapture(event.pointerId);
    event.preventDefault();
  });

  board.el.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.moved) {
      if (Math.hypot(dx, dy) < THRESHOLD) return;
      press.moved = true;
      press.drag = lift(press);
    }
    if (!press.drag) return;
    const { elements } = press.drag;
    press.drag.dx = dx;
    press.drag.dy = dy;
    for (const el of elements) el.style.transform = `translate(${dx}px, ${dy}px)`;
  });

  const finish = (event, cancelled) => {
    if (!press || event.pointerId !== press.id) return;
    const current = press;
    press = null;
    if (board.el.hasPointerCapture(event.pointerId)) board.el.releasePointerCapture(event.pointerId);
    if (current.drag) drop(current.drag, cancelled);
    else if (!current.moved && !cancelled) table.tap(current.name, current.index);
  };
  board.el.addEventListener("pointerup", (event) => finish(event, false));
  board.el.addEventListener("pointercancel", (event) => finish(event, true));
  // A drag never selects text or scrolls the page.
  board.el.addEventListener("dragstart", (event) => event.preventDefault());

  // While moves are on their way the legal moves are not known yet: any cards lift, and
  // the drop is judged once the server has answered.
  function lift({ name, index }) {
    if (index < 0 || name === "s") return null;
    const cards = board.pile(name).children;
    const count = cards.length - index;
    const known = !table.busy();
    const legal = table.view.legal;
    const elements = board.cardsFrom(name, index);
    for (const el of elements) for (const animation of el.getAnimations()) animation.finish();
    // Where the cards were picked up: the drop is measured from here, so a move shown
    // meanwhile (one made before this drag) cannot shift it.
    const start = laidOut(elements[0]);
    const moves = known && canLift(legal, name, count) ? movesFrom(legal, name, count) : [];
    table.choose(null);
    board.markTargets(new Set(moves.map((m) => m.dst)));
    board.pile(name).classList.add("source");
    for (const el of elements) el.classList.add("lifted");
    board.held = new Set(elements);
    return { name, count, elements, moves, known, start, dx: 0, dy: 0 };
  }

  // The pile the cards cover most, other than their own.
  function under(drag) {
    const { start, dx, dy } = drag;
    const moving = {
      left: start.left + dx, right: start.right + dx, top: start.top + dy, bottom: start.bottom + dy,
    };
    const cardWidth = board.geometry.cardWidth;
    let bestArea = 0;
    let bestName = null;
    for (const [other, pileEl] of board.piles) {
      if (other === drag.name) continue;
      const area = overlap(moving, dropZone(pileEl, cardWidth));
      if (area > bestArea) {
        bestArea = area;
        bestName = other;
      }
    }
    return bestName;
  }

  function drop(drag, cancelled) {
    const { name, count, elements, moves, known, dx, dy } = drag;
    board.held = new Set();
    board.markTargets(new Set());
    board.pile(name).classList.remove("source");
    const dst = cancelled ? null : under(drag);
    if (dst && !known) {
      table.drop(name, count, dst);
      return;
    }
    const best = dst ? moves.find((move) => move.dst === dst) : null;
    if (best) {
      table.play(best.text, { dragged: true });
      return;
    }
    for (const el of elements) el.classList.remove("lifted");
    if (!cancelled) table.say("That card cannot go there.", { quiet: true });
    snapBack(elements, dx, dy);
  }
}
