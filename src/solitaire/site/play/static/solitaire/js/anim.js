// Card motion: cards are laid out at their new places at once, then glide there from where
// they were (first, last, invert, play). Reduced motion and the speed setting are honoured.

const DURATIONS = { off: 0, fast: 110, normal: 200, slow: 360 };
const FLIGHT = "flight"; // a card gliding to its place (a move, a deal, a card sent back)
const GLIDE = [0.2, 0.7, 0.3, 1]; // the easing of a glide, as cubic-bezier(...) says it
/** How far back a press looks for where the player saw the cards: a player's aim lags. */
export const SEEN_MS = 300;
const FLIGHTS = new Map(); // card element -> its flights of the last moments, oldest first
// The glides and celebrations under way: found here, not by asking the board for its
// animations, which makes the browser bring its style up to date first.
const RUNNING = new Set();

function running(animation, id) {
  animation.id = id;
  RUNNING.add(animation);
  const done = () => RUNNING.delete(animation);
  animation.finished.then(done, done);
  return animation;
}
let speed = "normal";

const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

export function setSpeed(value) {
  speed = value in DURATIONS ? value : "normal";
}

/** Milliseconds a card takes to move, 0 when motion is off or reduced. */
export function duration() {
  if (reduced.matches) return 0;
  return DURATIONS[speed];
}

/**
 * Where the table lays a card out: its box without transforms (a glide, a drag). ``origins``
 * (a Map) keeps each pile's corner once read, for a caller that looks at many cards at once.
 */
export function laidOut(el, origins = null) {
  const pileEl = el.parentElement;
  let origin = origins?.get(pileEl);
  if (!origin) {
    const r = pileEl.getBoundingClientRect();
    origin = { left: r.left + pileEl.clientLeft, top: r.top + pileEl.clientTop };
    origins?.set(pileEl, origin);
  }
  const left = origin.left + el.offsetLeft;
  const top = origin.top + el.offsetTop;
  return { left, top, right: left + el.offsetWidth, bottom: top + el.offsetHeight };
}

const CURVE_STEPS = 256; // the samples a curve is read from, between which it is straight
const CURVES = new Map(); // "x1,y1,x2,y2" -> its function (see bezier)

// The CSS function cubic-bezier(x1, y1, x2, y2) as a function of the time's share. Worked out
// once per curve at CURVE_STEPS + 1 shares (each by a 24-step bisection) and read between
// them: a press asks where cards were at 151 moments each, and must not wait for that.
function bezier(points) {
  const key = points.join();
  const known = CURVES.get(key);
  if (known) return known;
  const [x1, y1, x2, y2] = points;
  const at = (a, b, t) => 3 * a * t * (1 - t) ** 2 + 3 * b * t * t * (1 - t) + t ** 3;
  const samples = new Float64Array(CURVE_STEPS + 1);
  for (let k = 0; k <= CURVE_STEPS; k++) {
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (at(x1, x2, mid) < k / CURVE_STEPS) lo = mid;
      else hi = mid;
    }
    samples[k] = at(y1, y2, (lo + hi) / 2);
  }
  const ease = (share) => {
    const place = Math.min(1, Math.max(0, share)) * CURVE_STEPS;
    const k = Math.min(CURVE_STEPS - 1, Math.floor(place));
    return samples[k] + (samples[k + 1] - samples[k]) * (place - k);
  };
  CURVES.set(key, ease);
  return ease;
}

/**
 * A promise kept once the browser has drawn the next frame (a task after its animation
 * frame), or at once in a hidden page, which draws none; never later than ``most`` ms.
 */
export function afterPaint(most = 100) {
  if (document.hidden) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, most);
    requestAnimationFrame(() => setTimeout(() => {
      clearTimeout(timer);
      resolve();
    }, 0));
  });
}

// The time of the frame on the screen: what the player sees, and what animations run by.
const clock = () => document.timeline.currentTime ?? performance.now();

// Keep a card's flight: from where, to where, when it moves (after its delay) and how. It
// moves once the browser draws its first frame, not at once: land() reads when it did.
function record(el, animation, from, ms, delay, ease, to = laidOut(el)) {
  const now = clock();
  const flight = {
    from, to, created: now, start: now + delay, ms, delay, ease: bezier(ease), animation,
    overshoots: ease[1] < 0 || ease[1] > 1 || ease[3] < 0 || ease[3] > 1,
  };
  const flights = (FLIGHTS.get(el) ?? []).filter((f) => now - f.start - f.ms <= SEEN_MS);
  flights.push(flight);
  FLIGHTS.set(el, flights);
}

/**
 * Slide each element from its remembered place to where it is now. Cards that moved farther
 * start a little later, so a run or a deal reads as a sequence rather than a jump.
 */
export function glide(before, { stagger = 0, steps = 12, boxOf = null } = {}) {
  const ms = duration();
  if (!ms) return Promise.resolve();
  // Where each card is laid out now: from the board's plan (``boxOf``), which needs no
  // layout of the page; else read, every box before anything is written.
  const origins = new Map();
  const flights = [];
  for (const [el, first] of before) {
    if (!el.isConnected) continue;
    const last = boxOf?.(el) ?? laidOut(el, origins);
    const dx = first.left - last.left;
    const dy = first.top - last.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    flights.push({ el, first, dx, dy, to: last });
  }
  const runs = [];
  let order = 0;
  for (const { el, first, dx, dy, to } of flights) {
    const delay = stagger ? Math.min(order++, steps) * stagger : 0;
    el.classList.add("moving");
    const animation = el.animate(
      [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
      { duration: ms, delay, easing: `cubic-bezier(${GLIDE})`, fill: "backwards" },
    );
    running(animation, FLIGHT);
    record(el, animation, first, ms, delay, GLIDE, to);
    runs.push(animation.finished.catch(() => {}).then(() => el.classList.remove("moving")));
  }
  return Promise.all(runs);
}

const CELEBRATION = "celebrate";

/**
 * A win: the top cards of the foundations leap off one after another, bounce along the
 * bottom of the board, fade, and reappear at home. Nothing moves when motion is reduced or
 * the animation setting is off; the cards never leave their piles in the DOM.
 */
export function celebrate(board) {
  const ms = duration();
  if (!ms) return;
  const area = board.getBoundingClientRect();
  const piles = [...board.querySelectorAll('[data-pile^="f"]')];
  // The top card of every foundation, then the one below each, then the one below that.
  const layers = [1, 2, 3].map((depth) =>
    piles.map((pile) => pile.children[pile.children.length - depth]),
  );
  layers.flat().filter(Boolean).forEach((card, order) => {
    const r = card.getBoundingClientRect();
    const floor = area.bottom - r.bottom - 4;
    const hop = Math.min(r.height * 0.4, r.top - area.top); // the board clips what rises higher
    const toward = area.left + area.width / 2 < r.left + r.width / 2 ? -1 : 1;
    const dx = toward * area.width * (0.2 + 0.5 * Math.random());
    const spin = toward * (60 + 120 * Math.random());
    const at = (share, y, extra = {}) => ({
      transform: `translate(${dx * share}px, ${y}px) rotate(${spin * share}deg)`,
      ...extra,
    });
    const up = { easing: "ease-out" };
    const down = { easing: "ease-in" };
    card.classList.add("celebrating");
    const flight = card.animate(
      [
        { ...at(0, 0), ...up, offset: 0 },
        { ...at(0.12, -hop), ...down, offset: 0.12 },
        { ...at(0.45, floor), ...up, offset: 0.45 },
        { ...at(0.62, floor * 0.65), ...down, offset: 0.6 },
        { ...at(0.78, floor), ...up, offset: 0.75 },
        { ...at(0.88, floor * 0.86), ...down, offset: 0.83 },
        { ...at(1, floor, { opacity: 1 }), offset: 0.9 },
        { ...at(1, floor, { opacity: 0 }), offset: 0.96 },
        { transform: "none", opacity: 0, offset: 0.961 },
        { transform: "none", opacity: 1, offset: 1 },
      ],
      { duration: ms * 6, delay: order * (ms / 3) },
    );
    running(flight, CELEBRATION);
    flight.finished.catch(() => {}).then(() => card.classList.remove("celebrating"));
  });
}

/** Stop a celebration at once (a new deal, an undo): every card back in its place. */
export function stopCelebration(board) {
  for (const animation of [...RUNNING]) {
    if (animation.id === CELEBRATION && board.contains(animation.effect?.target)) animation.cancel();
  }
}

/**
 * The player acts: every card in flight lands at once, and a celebration stops. Returns what
 * the player saw of the cards over the last SEEN_MS (a Sight): the player aimed at the table
 * as it was drawn a moment ago, cards in flight included.
 */
export function land(board, boxOf = null) {
  const now = clock();
  for (const list of FLIGHTS.values()) {
    for (const flight of list) {
      // When the flight began to move on the screen, by the time it has run as drawn now:
      // not yet, while it waits for its first frame.
      const ran = flight.animation?.currentTime;
      if (flight.animation) flight.start = ran == null ? now : now - ran + flight.delay;
      delete flight.animation;
    }
  }
  for (const animation of [...RUNNING]) {
    if (!board.contains(animation.effect?.target)) continue;
    if (animation.id === CELEBRATION) animation.cancel();
    else if (animation.id === FLIGHT) animation.finish();
  }
  const flights = new Map();
  for (const [el, list] of FLIGHTS) {
    const recent = list.filter((f) => now - Math.min(f.landed ?? Infinity, f.start + f.ms) <= SEEN_MS);
    if (!recent.length || !el.isConnected) {
      FLIGHTS.delete(el);
      continue;
    }
    for (const flight of recent) flight.landed = Math.min(flight.landed ?? Infinity, now);
    flights.set(el, recent);
  }
  return new Sight(board, now, flights, boxOf);
}

const BACK_STEP = 2; // milliseconds between the moments a Sight looks at

/**
 * The cards as the player saw them over the last SEEN_MS before ``now``: the box each card
 * was drawn in at any moment (a card in flight then, or at rest where it is laid out), and
 * which card was on top at a point. Cards in flight are drawn above the cards at rest, and
 * of two alike the later in the board is on top.
 */
export class Sight {
  constructor(board, now, flights, boxOf = null) {
    this.now = now;
    this.flights = flights; // card element -> its flights (see record), oldest first
    this.cards = [...board.querySelectorAll("[data-pile] > .card")];
    this.origins = new Map(); // pile element -> its corner, read once
    this.boxOf = boxOf; // where the board's plan lays a card out, when it knows
  }

  // Where ``el`` is laid out: from the board's plan, else read from the page.
  laid(el) {
    return this.boxOf?.(el) ?? laidOut(el, this.origins);
  }

  /** The moments looked at, the latest first. */
  moments() {
    const times = [];
    for (let back = 0; back <= SEEN_MS; back += BACK_STEP) times.push(this.now - back);
    return times;
  }

  // The flight of ``el`` under way at ``time`` (or the last one begun by then), or null.
  flightAt(el, time) {
    const list = this.flights.get(el);
    if (!list) return null;
    let found = null;
    for (const flight of list) if (flight.created <= time) found = flight;
    return found ?? { ...list[0], start: Infinity }; // before its first flight: where it began
  }

  /** The box ``el`` was drawn in at ``time``, and whether it was in flight then. */
  at(el, time) {
    const flight = this.flightAt(el, time);
    if (!flight) return { box: this.laid(el), flying: false };
    const end = Math.min(flight.landed ?? Infinity, flight.start + flight.ms);
    if (time > end) return { box: flight.to, flying: false };
    if (time <= flight.start) return { box: flight.from, flying: time >= flight.created };
    const k = flight.ease((time - flight.start) / flight.ms);
    const lerp = (key) => flight.from[key] + (flight.to[key] - flight.from[key]) * k;
    const box = { left: lerp("left"), top: lerp("top"), right: lerp("right"), bottom: lerp("bottom") };
    return { box, flying: true };
  }

  /**
   * The cards the player saw at (x, y) over the last moments, the latest first: at each
   * moment the one drawn on top there, with the box it was drawn in when last seen there.
   */
  seenAt(x, y) {
    // Cards that did not fly stay where they are laid out: the top one of them is found once.
    let still = null;
    const moved = [];
    for (const el of this.cards) {
      if (this.flights.has(el)) {
        if (this.reaches(el, x, y)) moved.push(el);
      } else if (inside(this.laid(el), x, y)) still = el;
    }
    const stillBox = still && this.laid(still);
    // No card flew over the point: the player saw what is laid out there, at every moment.
    if (!moved.length) return still ? [{ el: still, box: stillBox, flying: false }] : [];
    const order = new Map(this.cards.map((el, i) => [el, i]));
    const seen = new Map(); // card element -> {el, box, flying}, the latest seen first
    for (const time of this.moments()) {
      let top = still && { el: still, box: stillBox, flying: false };
      for (const el of moved) {
        const { box, flying } = this.at(el, time);
        if (!inside(box, x, y)) continue;
        const above = !top || (flying && !top.flying) ||
          (flying === top.flying && order.get(el) > order.get(top.el));
        if (above) top = { el, box, flying };
      }
      if (top && !seen.has(top.el)) seen.set(top.el, top);
    }
    return [...seen.values()];
  }

  // Whether card ``el`` may have been drawn over (x, y) in its flights: a flight goes
  // straight from its first box to its last, never past them (unless its easing overshoots).
  reaches(el, x, y) {
    for (const flight of this.flights.get(el)) {
      if (flight.overshoots) return true;
      const { from, to } = flight;
      const hull = {
        left: Math.min(from.left, to.left), right: Math.max(from.right, to.right),
        top: Math.min(from.top, to.top), bottom: Math.max(from.bottom, to.bottom),
      };
      if (inside(hull, x, y)) return true;
    }
    return false;
  }

  /** The boxes ``el`` was drawn in over the last moments, when it flew; none if it did not. */
  path(el) {
    if (!this.flights.has(el)) return [];
    return this.moments().filter((time, k) => k % 5 === 0).map((time) => this.at(el, time).box);
  }
}

const inside = (box, x, y) => x >= box.left && x < box.right && y >= box.top && y < box.bottom;
