// Drag and drop with pointer events (mouse, pen and touch alike). A press that does not
// travel is a tap (Table.tap). While a card or run is lifted, only the piles a legal move
// reaches light up; a drop anywhere else sends the cards back where they came from.
//
// A fast player aims before the last card has landed, and a player's aim lags a little
// behind the screen. So a press first lands every card in flight (anim.land), and is read
// on the table as it will stand (the card laid out under the pointer), then as the player
// saw it over the last moments (anim.Sight: the cards drawn under the pointer then, the
// latest first). A drop is read the same way: the pile laid out under the pointer, the
// piles of the cards seen there, then the piles the cards cover, where they are laid out or
// where the player saw their top cards arriving. Which of those cards and piles the move
// is, the table decides once the moves before it have their answers (Table.drop), against
// the position the server holds then: so every drag acts exactly as a slow one would.

import { laidOut, land } from "./anim.js";
import { setClass } from "./dom.js";

const THRESHOLD = 6; // pixels a press travels before it counts as a drag
const CLICK_WAIT = 250; // milliseconds a tap waits for the click that tells a double one
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

// Where a pile is laid out: its box and its top card's; for a tableau pile that is the
// whole column or row. A drop zone is that, grown by a third of a card width.
function placeOf(board, pile) {
  const r = board.pileBox(pile) ?? pile.getBoundingClientRect();
  const top = pile.lastElementChild;
  const last = top ? board.laidBox(top) ?? laidOut(top) : r;
  return {
    left: Math.min(r.left, last.left), right: Math.max(r.right, last.right),
    top: Math.min(r.top, last.top), bottom: Math.max(r.bottom, last.bottom),
  };
}

function spotOf(board, el) {
  const pileEl = el.closest("[data-pile]");
  if (!pileEl || !board.el.contains(pileEl)) return null;
  return { name: pileEl.dataset.pile, index: [...pileEl.children].indexOf(el) };
}

/**
 * What a press at (x, y) may mean: the cards the player saw there over the last moments
 * (``seen``, the latest first, each with the box it was drawn in), the card laid out on top
 * there now (``laid``), and the pile whose place it is (``place``, index -1). Any may be missing.
 */
function pressAt(board, x, y, sight) {
  let laid = null;
  let place = null;
  for (const [name, pileEl] of board.piles) {
    // Piles later in the board are drawn over earlier ones where they meet. The boxes come
    // from the board's plan where it knows them: no layout of the page to wait for.
    if (inside(board.pileBox(pileEl) ?? pileEl.getBoundingClientRect(), x, y)) place = { name, index: -1 };
    const cards = pileEl.children;
    for (let i = cards.length - 1; i >= 0; i--) {
      const el = cards[i];
      if (!el.classList.contains("lifted") && inside(board.laidBox(el) ?? laidOut(el), x, y)) {
        laid = { name, index: i };
        break;
      }
    }
  }
  const seen = sight.seenAt(x, y).map(({ el, box }) => {
    const spot = spotOf(board, el);
    return spot && { ...spot, drawn: box };
  }).filter(Boolean);
  return { laid, seen, place };
}

// What a tap hits: the card laid out there (a tap on the stock deals even while the card it
// turned still flies over it), else the card the player saw there last, else the place.
function tapSpot(press) {
  return press.laid ?? press.seen[0] ?? press.place;
}

// The cards a drag may have picked up, most likely first: the card laid out there (the table
// as it will stand), then the cards seen under the pointer, the latest first. The stock and
// empty places lift nothing.
function liftable(press) {
  const spots = [press.laid, ...press.seen].filter(
    (spot) => spot && spot.index >= 0 && spot.name !== "s",
  );
  const known = new Set();
  return spots.filter((spot) => {
    const key = `${spot.name}:${spot.index}`;
    if (known.has(key)) return false;
    known.add(key);
    return true;
  });
}

export function enableDrag(table) {
  const board = table.board;
  let press = null;

  // A tap is played when the browser's click follows it: the click's count tells a double-click
  // or double-tap, one intention with its first press (Table.again), from two taps. It waits
  // in the table's queue, so that no move overtakes it.
  let tapped = null;
  let lastSpot = null;
  function settleTap(count) {
    if (!tapped) return;
    const { spot, done, timer } = tapped;
    tapped = null;
    clearTimeout(timer);
    const again = count >= 2 && lastSpot && spot.name !== "s" && lastSpot.name === spot.name;
    if (again) table.again(lastSpot.name, lastSpot.index);
    else {
      lastSpot = spot;
      table.tap(spot.name, spot.index);
    }
    done();
  }
  function holdTap(spot) {
    settleTap(1);
    let done = null;
    const settled = new Promise((resolve) => {
      done = resolve;
    });
    tapped = { spot, done, timer: setTimeout(() => settleTap(1), CLICK_WAIT) };
    table.queue(() => settled);
  }
  board.el.addEventListener("click", (event) => settleTap(event.detail));

  board.el.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || press) return;
    const sight = land(board.el, (el) => board.laidBox(el));
    const x = event.clientX;
    const y = event.clientY;
    const meaning = pressAt(board, x, y, sight);
    if (!tapSpot(meaning)) return;
    press = { meaning, sight, x, y, id: event.pointerId, moved: false, drag: null };
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
      holdTap(tapSpot(current.meaning));
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
    const home = board.laidBox(elements[0]) ?? laidOut(elements[0]);
    const start = first.drawn ?? home;
    const offset = { x: start.left - home.left, y: start.top - home.top };
    table.lifted(first.name, first.count);
    for (const el of elements) el.classList.add("lifted");
    board.cover([first.name]); // the card the run leaves shows whole
    board.hold(elements);
    return { sources, elements, start, offset, dx: 0, dy: 0 };
  }

  // The piles a drop may mean, most likely first: the pile laid out under the pointer (the
  // table as it will stand), the piles of the cards the player saw under it, the latest first,
  // then the piles the cards cover, most first, where they are laid out or where the player
  // saw their top cards arriving (piles covered far less than the best are left out).
  function under(drag, sight, x, y) {
    const { start, dx, dy } = drag;
    const moving = {
      left: start.left + dx, right: start.right + dx, top: start.top + dy, bottom: start.bottom + dy,
    };
    const zone = (box) => overlap(moving, grown(box, board.geometry.cardWidth * 0.35));
    const pointed = [];
    const areas = new Map();
    for (const [name, pileEl] of board.piles) {
      const place = placeOf(board, pileEl);
      if (inside(place, x, y)) pointed.unshift(name); // the later pile is drawn on top
      let area = zone(place);
      const top = pileEl.lastElementChild;
      if (top && !top.classList.contains("lifted")) {
        for (const box of sight.path(top)) area = Math.max(area, zone(box));
      }
      if (area > 0) areas.set(name, area);
    }
    for (const { el } of sight.seenAt(x, y)) {
      if (!el.classList.contains("lifted")) pointed.push(el.closest("[data-pile]").dataset.pile);
    }
    const ranked = [...areas].sort((a, b) => b[1] - a[1]);
    const best = ranked[0]?.[1] ?? 0;
    const covered = ranked.filter(([, area]) => area >= best * CLOSE).map(([name]) => name);
    return [...new Set([...pointed, ...covered])];
  }

  function drop({ drag, sight, x, y }, cancelled) {
    board.markTargets(new Set());
    for (const pile of board.piles.values()) setClass(pile, "source", false);
    const targets = cancelled ? [] : under(drag, sight, x + drag.dx, y + drag.dy);
    table.drop({ sources: drag.sources, targets, elements: drag.elements, quiet: cancelled });
  }
}
