// The board: one element per pile (data-pile) holding one element per card (data-card),
// bottom to top, placed by the geometry plan. Rendering keeps card elements alive across
// moves so that they can glide from their old places.

import { afterPaint, glide, stopCelebration } from "./anim.js";
import { SUIT_SIGNS, cardName, makeCard, rankLabel, turnCard } from "./cards.js";
import { dropClasses, setClass, setData, setStyle } from "./dom.js";
import { fanOffsets, liftsOf, plan, shapeOf } from "./geometry.js";

const PILE_WORDS = { t: "pile", f: "foundation", c: "free cell", s: "stock", w: "waste" };
const MARKS = ["target", "hint-target", "chosen", "selected", "hinted", "lit"];
const CARD_MARKS = ["selected", "hinted", "lifted", "lit"]; // what a card placed anew loses
// A pile lit as a target shows it on its top card ("lit"), or on its empty place: the class
// is on that card itself, so that lighting a pile restyles one card, not all of its cards.
const LIGHTS = ["target", "hint-target"];
// How many cards at the top of a stack keep a shadow of their own (the others are "deep").
const SHADOWED = { s: 3, w: 2, f: 2 };
const LABELS = { c: "Free cell", w: "Waste" }; // shown on the pile, for what is not obvious

/** "A♠" for "AS", "4♣" for "4C", "A" for "A" (any suit): what an empty foundation takes. */
export function takesSign(takes) {
  if (!takes) return "";
  return rankLabel(takes) + (SUIT_SIGNS[takes[1]] ?? "");
}

// "ace of spades" for "AS", "an ace" for "A": the same, in words.
function takesWords(takes) {
  if (takes.length > 1) return cardName(takes);
  const rank = cardName(`${takes}S`).split(" ")[0];
  return `${/^[aeiou]/.test(rank) ? "an" : "a"} ${rank}`;
}

// The piles (of ``names``) whose cards differ between layouts ``a`` and ``b``: all of them
// when there is no ``a``.
function changedPiles(a, b, names) {
  const changed = new Set();
  for (const name of names) {
    if (!a) {
      changed.add(name);
      continue;
    }
    const was = cardsOf(a, name);
    const now = cardsOf(b, name);
    if (was.length !== now.length || was.some((code, i) => code !== now[i])) changed.add(name);
  }
  return changed;
}

// card code -> the spots ("t3:5") it has in ``layout``, over the piles ``names``.
function spotsOf(layout, names) {
  const spots = new Map();
  for (const name of names) {
    cardsOf(layout, name).forEach((code, index) => {
      if (!spots.has(code)) spots.set(code, new Set());
      spots.get(code).add(`${name}:${index}`);
    });
  }
  return spots;
}

/** "pile 4" for t3, "foundation 1" for f0, "stock" for s. */
export function pileName(name) {
  const kind = name[0];
  const rest = name.slice(1);
  return rest ? `${PILE_WORDS[kind]} ${Number(rest) + 1}` : PILE_WORDS[kind];
}

/** The cards of pile ``name`` in a layout, bottom to top (a free cell holds 0 or 1). */
export function cardsOf(layout, name) {
  const kind = name[0];
  const index = Number(name.slice(1));
  if (kind === "t") return layout.tableau[index];
  if (kind === "f") return layout.foundations[index];
  if (kind === "c") return layout.cells[index] ? [layout.cells[index]] : [];
  if (kind === "s") return layout.stock;
  return layout.waste;
}

export function pileNames(shape) {
  const names = [];
  if (shape.stock) names.push("s");
  if (shape.waste) names.push("w");
  for (let i = 0; i < shape.cells; i++) names.push(`c${i}`);
  for (let i = 0; i < shape.foundations; i++) names.push(`f${i}`);
  for (let i = 0; i < shape.tableau; i++) names.push(`t${i}`);
  return names;
}

export class Board {
  constructor(element) {
    this.el = element;
    this.piles = new Map();
    this.layout = null;
    this.shape = null;
    this.geometry = null;
    this.facts = null; // the game's table facts: which piles it has, what each one takes
    this.legal = null; // the game's legal moves: the runs a finger may take get its width
    this.held = new Set(); // card elements in the player's hand (a drag): left where they are
    this.marked = new Set(); // elements with a mark on them (see mark)
    this.loose = new Set(); // card elements let go from the hand, not yet placed by a render
    // What measureBoard last wrote, kept so that no box need be read back from the page or
    // from the inline styles: pile element -> its place and what it was planned from, card
    // element -> its offset in its pile.
    this.drawn = new WeakMap();
    this.offsets = new WeakMap();
    this.undescribed = new Set(); // piles whose accessible names wait for the move's frame
  }

  /** Build the piles for a new game (keeps them when the game's shape is unchanged). */
  setup(layout) {
    const shape = shapeOf(layout, this.facts);
    const key = JSON.stringify([shape, this.facts?.foundations?.map((f) => f.takes)]);
    if (this.shapeKey === key) return;
    this.shapeKey = key;
    this.shape = shape;
    this.layout = null; // no card shown: every pile is drawn afresh
    this.el.replaceChildren();
    this.piles.clear();
    for (const name of pileNames(shape)) {
      const pile = document.createElement("div");
      pile.className = `pile pile-${name[0]}`;
      pile.dataset.pile = name;
      pile.tabIndex = -1;
      // A group named by what it holds (its cards are images named as players name them):
      // Enter and Space on it pick cards up and put them down (keyboard.js).
      pile.setAttribute("role", "group");
      pile.setAttribute("aria-roledescription", "pile");
      if (LABELS[name[0]]) pile.dataset.label = LABELS[name[0]];
      const takes = name[0] === "f" ? this.facts?.foundations?.[Number(name.slice(1))]?.takes : null;
      if (takes) {
        pile.dataset.takes = takesSign(takes);
        pile.dataset.takesWords = takesWords(takes);
      }
      this.piles.set(name, pile);
      this.el.append(pile);
    }
    const first = this.piles.get("t0");
    if (first) first.tabIndex = 0;
  }

  /**
   * Show ``layout``; cards that changed place glide there unless ``animate`` is false. A card
   * that stays where it was in its pile (it only moves as the piles are spaced anew) goes
   * there at once: cards the player may be aiming at do not drift.
   */
  render(layout, { animate = true, stagger = 0, steps = 12, deal = false } = {}) {
    this.setup(layout);
    stopCelebration(this.el);
    // Cards let go from a drag (a transform of their own) glide back all the same.
    const dropped = new Set([...this.loose].filter(
      (el) => el.isConnected && !this.held.has(el) && el.style.transform,
    ));
    this.loose.clear();
    // Only the piles whose cards change, or that hold dropped cards, are drawn again.
    const dirty = changedPiles(deal ? null : this.layout, layout, this.piles.keys());
    for (const el of dropped) dirty.add(el.parentElement.dataset.pile);
    // The table already shows this layout (the server agreed with the move shown): done.
    if (!dirty.size) {
      this.layout = layout;
      // Planned again only where the runs a finger may take changed with the answer.
      const lifts = this.legal && this.shape ? liftsOf(this.legal, this.shape.tableau) : null;
      if (lifts && String(lifts) !== this.plannedLifts) this.measureBoard(null, null, lifts);
      return Promise.resolve();
    }
    const cards = [...dirty].flatMap((name) => [...this.piles.get(name).children])
      .filter((el) => !this.held.has(el));
    const spots = this.spots(dirty);
    // Only the cards that change places are measured where they are now.
    const next = spotsOf(layout, dirty);
    const moving = cards.filter((el) => dropped.has(el) || !next.get(el.dataset.card)?.has(spots.get(el)));
    let before = animate ? new Map(moving.map((el) => [el, this.drawnBox(el, dropped.has(el))])) : null;
    this.layout = layout;
    this.place(layout, dirty);
    this.measureBoard(null, dirty);
    // The stock's count shows with the move; the piles' names for screen readers follow it.
    const stock = this.piles.get("s");
    if (stock && dirty.has("s")) stock.dataset.count = String(layout.stock.length);
    this.describeSoon(dirty, animate);
    const now = before ? this.spots(dirty) : null;
    for (const el of before?.keys() ?? []) {
      if (!dropped.has(el) && spots.get(el) === now.get(el)) before.delete(el);
    }
    let flown = null;
    if (deal) {
      // A new deal: every card comes out of the stock's corner, one after another.
      const from = (this.piles.get("s") ?? this.piles.get("t0")).getBoundingClientRect();
      before = new Map([...this.el.querySelectorAll(".card")].map((el) => [el, from]));
      flown = glide(before, { stagger: 9, steps: 60, boxOf: (el) => this.laidBox(el) });
    } else if (before) flown = glide(before, { stagger, steps, boxOf: (el) => this.laidBox(el) });
    // A card under one still on its way shows whole until that one lands.
    this.cover(dirty);
    return flown ? flown.then(() => this.cover(dirty)) : Promise.resolve();
  }

  /**
   * Mark the covered cards of the tableau's piles ``names``: a card with a card on it that
   * is neither lifted nor on its way there ("covered": table.css hides its centre, so that
   * only its index shows in the strip it keeps). A class written by the table on the cards
   * that change, where a rule looking at each card's next one would restyle the pile's
   * cards on every lift and glide.
   */
  cover(names) {
    for (const name of names) {
      const pile = this.piles.get(name);
      if (!pile || name[0] !== "t") continue;
      const cards = pile.children;
      for (let index = 0; index < cards.length; index++) {
        const next = cards[index + 1];
        const on = Boolean(next) && !next.classList.contains("lifted") && !next.classList.contains("moving");
        setClass(cards[index], "covered", on);
      }
    }
  }

  // Give every card of the piles ``names`` in the layout an element, reusing the element that
  // showed it before: first one already in the same pile, then any with the same code (twins
  // share codes). A card leaves or joins only piles whose cards change, so the elements of
  // those piles are all it takes.
  place(layout, names) {
    const spare = new Map();
    for (const name of names) {
      for (const el of this.piles.get(name).children) {
        const code = el.dataset.card;
        if (!spare.has(code)) spare.set(code, []);
        spare.get(code).push(el);
      }
    }
    const wanted = [];
    for (const name of names) {
      cardsOf(layout, name).forEach((code, index) => wanted.push({ name, index, code }));
    }
    const chosen = new Array(wanted.length);
    wanted.forEach((want, i) => {
      const list = spare.get(want.code) || [];
      const at = list.findIndex((el) => el.parentElement?.dataset.pile === want.name);
      if (at >= 0) chosen[i] = list.splice(at, 1)[0];
    });
    wanted.forEach((want, i) => {
      if (chosen[i]) return;
      const list = spare.get(want.code) || [];
      chosen[i] = list.length ? list.shift() : makeCard(want.code);
    });
    for (const list of spare.values()) for (const el of list) el.remove();
    const byPile = new Map();
    wanted.forEach((want, i) => {
      if (!byPile.has(want.name)) byPile.set(want.name, []);
      byPile.get(want.name).push(chosen[i]);
    });
    for (const name of names) {
      const pile = this.piles.get(name);
      const cards = byPile.get(name) || [];
      // Append in order: an element already in place is moved only if out of order.
      cards.forEach((el, index) => {
        if (pile.children[index] !== el) pile.insertBefore(el, pile.children[index] || null);
        turnCard(el, name === "s");
        if (this.held.has(el)) return; // still in the player's hand
        dropClasses(el, CARD_MARKS);
        if (el.style.transform) el.style.transform = "";
      });
      while (pile.children.length > cards.length) pile.lastElementChild.remove();
      setClass(pile, "empty", cards.length === 0);
      const shadowed = SHADOWED[name[0]];
      if (shadowed) cards.forEach((el, index) => setClass(el, "deep", index < cards.length - shadowed));
      if (LIGHTS.some((kind) => pile.classList.contains(kind))) this.light(pile);
    }
  }

  /**
   * Size and place the piles and cards for the board's size: ``size`` ({width, height}) as the
   * board's ResizeObserver read it, kept for the renders after it, which then need not lay
   * the page out to learn it. ``changed``, the piles whose cards a render changed: the other
   * piles are left alone where the plan puts them where they are (a move changes the plan
   * of a pile or two at most); without it, every pile is looked at. ``lifts``, the runs a
   * finger may take (geometry.liftsOf), when the caller has worked them out already.
   */
  measureBoard(size = null, changed = null, lifts = undefined) {
    if (size) {
      this.size = size;
      // Read while the page is laid out (a ResizeObserver's turn): the corner the cards'
      // boxes are worked out from (laidBox), where the board moves only as it resizes.
      const r = this.el.getBoundingClientRect();
      this.corner = { left: r.left + this.el.clientLeft, top: r.top + this.el.clientTop };
    }
    if (!this.shape) return;
    const width = this.size?.width ?? this.el.clientWidth;
    const height = this.size?.height ?? this.el.clientHeight;
    // The plan knows the piles' lengths, so that cards shrink before a long pile's ranks
    // overlap; a game dealt whole and face up may have its rows fanned sideways (wings).
    const lengths = (this.layout?.tableau ?? []).map((pile) => pile.length);
    const wings = Boolean(this.facts?.whole_deck_dealt);
    const hold = this.holding(width, height);
    if (lifts === undefined) lifts = this.legal ? liftsOf(this.legal, this.shape.tableau) : null;
    this.plannedLifts = String(lifts);
    const geometry = plan(this.shape, width, height, { lengths, lifts, wings, hold });
    if (!hold) this.planned = { width, height, key: this.shapeKey, cap: geometry.cardWidth };
    this.measuredHeight = height;
    this.geometry = geometry;
    setData(this.el, "layout", geometry.kind);
    setData(this.el, "planned", `${width}x${height}`); // the board size the plan was made for
    const cardW = `${geometry.cardWidth}px`;
    const cardH = `${geometry.cardHeight}px`;
    setStyle(this.el, "--card-w", cardW);
    setStyle(this.el, "--card-h", cardH);
    // A left-handed table: every pile but the tableau's mirrored across the board.
    const mirrored = document.documentElement.classList.contains("left-handed");
    for (const [name, pile] of this.piles) {
      const box = geometry.boxes[name];
      // Mirrored, the tableau moves over to the room the other piles leave at its side.
      const x = !mirrored ? box.x : name[0] === "t" ? box.x + (geometry.mirror ?? 0) : width - box.x - box.w;
      const cards = pile.children;
      const offsets = name[0] === "t"
        ? fanOffsets(cards.length, box, geometry.cardHeight, geometry.cardWidth, lifts?.[Number(name.slice(1))])
        : [];
      // The closest step of the pile (the cards under a run a finger may take may be closer).
      const step = offsets.length > 1 ? Math.min(...offsets.slice(1).map((at, i) => at - offsets[i])) : 0;
      const key = `${x} ${box.y} ${box.w} ${box.h} ${box.fan} ${offsets} ${cardW} ${cardH}`;
      const drawn = this.drawn.get(pile);
      if (changed && !changed.has(name) && drawn?.key === key && drawn.count === cards.length) continue;
      this.drawn.set(pile, { key, count: cards.length, x, y: box.y, w: box.w, h: box.h });
      setStyle(pile, "left", `${x}px`);
      setStyle(pile, "top", `${box.y}px`);
      setStyle(pile, "width", `${box.w}px`);
      setStyle(pile, "height", `${box.h}px`);
      const across = box.fan === "across";
      setData(pile, "step", String(step));
      setData(pile, "fan", box.fan ?? "none");
      setClass(pile, "fan-across", across);
      for (let index = 0; index < cards.length; index++) {
        const el = cards[index];
        const at = offsets[index] ?? 0;
        const dx = across ? at : 0;
        const dy = across ? 0 : at;
        setStyle(el, "top", `${dy}px`);
        setStyle(el, "left", `${dx}px`);
        this.offsets.set(el, { x: dx, y: dy });
      }
    }
  }

  /** Start the next plan afresh (a new game): the cards may grow again. */
  replan() {
    this.planned = null;
  }

  // The plan to keep through a game: the one made for this width and shape, while the
  // height stays within a third of what it was planned for (a banner below the board). The
  // cards never grow, except back to the size they were planned at when the board gets its
  // height back (the banner goes).
  holding(width, height) {
    const planned = this.planned;
    if (!planned || !this.geometry || planned.key !== this.shapeKey || planned.width !== width) return null;
    if (Math.abs(height - planned.height) > planned.height / 3) return null;
    const taller = height > (this.measuredHeight ?? height);
    return taller ? { ...this.geometry, cardWidth: planned.cap } : this.geometry;
  }

  /** Accessible names: each pile of ``names`` (all by default) says what it holds. */
  describe(names = this.piles.keys()) {
    for (const name of names) {
      const pile = this.piles.get(name);
      const cards = cardsOf(this.layout, name);
      let text = pileName(name);
      if (name === "s") text += cards.length ? `, ${cards.length} cards` : ", empty";
      else if (!cards.length) {
        text += ", empty";
        if (pile.dataset.takesWords) text += `, takes ${pile.dataset.takesWords}`;
      }
      else if (name[0] === "t") {
        text += `, ${cards.length} card${cards.length > 1 ? "s" : ""}, top ${cardName(cards.at(-1))}`;
      } else text += `, ${cardName(cards.at(-1))}`;
      if (pile.getAttribute("aria-label") !== text) pile.setAttribute("aria-label", text);
    }
  }

  // The piles' accessible names for a move are written once its frame is drawn (a screen
  // reader hears of the move after it shows, in words.js's sentence): the frame does not wait
  // for them. Without ``animate`` (a table drawn afresh, not a move) they are written at once.
  describeSoon(names, animate) {
    if (!animate) {
      this.describe(names);
      return;
    }
    const first = !this.undescribed.size;
    for (const name of names) this.undescribed.add(name);
    if (!first) return;
    afterPaint().then(() => {
      const waiting = [...this.undescribed].filter((name) => this.piles.has(name));
      this.undescribed.clear();
      if (this.layout) this.describe(waiting);
    });
  }

  pile(name) {
    return this.piles.get(name);
  }

  /**
   * Where the board lays card ``el`` out, in the viewport: worked out from what the plan
   * last wrote (the pile's place, the card's in it) and the board's corner, without laying
   * out the page or reading styles back. Null until the board's corner is known.
   */
  laidBox(el) {
    const place = this.drawn.get(el.parentElement);
    const offset = this.offsets.get(el);
    if (!this.corner || !place || !offset || !this.geometry) return null;
    const left = this.corner.left + place.x + offset.x;
    const top = this.corner.top + place.y + offset.y;
    const { cardWidth, cardHeight } = this.geometry;
    return { left, top, right: left + cardWidth, bottom: top + cardHeight };
  }

  /** Where the board lays pile element ``pile`` out, in the viewport, as laidBox does. */
  pileBox(pile) {
    const place = this.drawn.get(pile);
    if (!this.corner || !place) return null;
    const left = this.corner.left + place.x;
    const top = this.corner.top + place.y;
    return { left, top, right: left + place.w, bottom: top + place.h };
  }

  // Where card ``el`` is drawn now: as laid out, moved by the drag that let it go (``dropped``);
  // read from the page for a card in flight, or while the board's corner is unknown.
  drawnBox(el, dropped) {
    const box = !el.classList.contains("moving") && this.laidBox(el);
    if (!box) return el.getBoundingClientRect();
    if (!dropped) return box;
    const shift = /^translate\((-?[\d.]+)px, (-?[\d.]+)px\)$/.exec(el.style.transform);
    if (!shift) return el.getBoundingClientRect();
    const dx = Number(shift[1]);
    const dy = Number(shift[2]);
    return { left: box.left + dx, right: box.right + dx, top: box.top + dy, bottom: box.bottom + dy };
  }

  // card element -> "t3:5", where it is now, for every card of the piles ``names``.
  spots(names) {
    const spots = new Map();
    for (const name of names) {
      const pile = this.piles.get(name);
      const cards = pile.children;
      for (let i = 0; i < cards.length; i++) spots.set(cards[i], `${name}:${i}`);
    }
    return spots;
  }

  /** Keep ``elements`` where the player holds them through renders (a drag, a drop waiting). */
  hold(elements) {
    for (const el of elements) this.held.add(el);
  }

  /** Let held ``elements`` go: the next render places them, gliding from where they are. */
  release(elements) {
    for (const el of elements) {
      this.held.delete(el);
      this.loose.add(el);
    }
  }

  /** The card elements of a pile from ``index`` to the top. */
  cardsFrom(name, index) {
    return [...this.piles.get(name).children].slice(index);
  }

  /** Mark legal targets (a set of pile names); an empty set clears the marks. */
  markTargets(names) {
    for (const [name, pile] of this.piles) {
      if (names.has(name)) this.mark(pile, "target");
      else if (pile.classList.contains("target")) {
        pile.classList.remove("target");
        this.light(pile);
      }
    }
  }

  /**
   * Mark element ``el`` of the board with ``kind`` ("target", "hint-target", "chosen",
   * "selected", "hinted"): clearMarks takes the marks off without searching the board. A
   * pile lit as a target lights its top card ("lit").
   */
  mark(el, kind) {
    el.classList.add(kind);
    this.marked.add(el);
    if (LIGHTS.includes(kind) && this.piles.get(el.dataset.pile) === el) this.light(el);
  }

  // Light the top card of pile ``pile`` while the pile is lit as a target, and no other card.
  light(pile) {
    const lit = LIGHTS.some((kind) => pile.classList.contains(kind));
    const cards = pile.children;
    for (let index = 0; index < cards.length; index++) {
      const on = lit && index === cards.length - 1;
      setClass(cards[index], "lit", on);
      if (on) this.marked.add(cards[index]);
    }
  }

  clearMarks() {
    for (const el of this.marked) el.classList.remove(...MARKS);
    this.marked.clear();
  }
}
