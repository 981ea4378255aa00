// Card motion: cards are laid out at their new places at once, then glide there from where
// they were (first, last, invert, play). Reduced motion and the speed setting are honoured.

const DURATIONS = { off: 0, fast: 110, normal: 200, slow: 360 };
const FLIGHT = "flight"; // a card gliding to its place (a move, a deal, a card sent back)
const STARTS = new WeakMap(); // card element -> the box its last flight started from
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

/** Remember where each element is now. */
export function measure(elements) {
  const rects = new Map();
  for (const el of elements) rects.set(el, el.getBoundingClientRect());
  return rects;
}

/**
 * Slide each element from its remembered place to where it is now. Cards that moved farther
 * start a little later, so a run or a deal reads as a sequence rather than a jump.
 */
export function glide(before, { stagger = 0, steps = 12 } = {}) {
  const ms = duration();
  if (!ms) return Promise.resolve();
  const runs = [];
  let order = 0;
  for (const [el, first] of before) {
    if (!el.isConnected) continue;
    const last = el.getBoundingClientRect();
    const dx = first.left - last.left;
    const dy = first.top - last.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    const delay = stagger ? Math.min(order++, steps) * stagger : 0;
    el.classList.add("moving");
    const animation = el.animate(
      [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
      { duration: ms, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
    );
    animation.id = FLIGHT;
    STARTS.set(el, first);
    runs.push(animation.finished.catch(() => {}).then(() => el.classList.remove("moving")));
  }
  return Promise.all(runs);
}

/** Slide dragged cards back from their drag offset to their place. */
export function snapBack(elements, dx, dy) {
  const ms = Math.max(duration(), reduced.matches ? 0 : 120);
  const runs = elements.map((el) => {
    el.style.transform = "";
    if (!ms) return Promise.resolve();
    STARTS.set(el, el.getBoundingClientRect());
    const animation = el.animate(
      [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
      { duration: ms, easing: "cubic-bezier(.3,1.4,.5,1)" },
    );
    animation.id = FLIGHT;
    return animation.finished.catch(() => {});
  });
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
    flight.id = CELEBRATION;
    flight.finished.catch(() => {}).then(() => card.classList.remove("celebrating"));
  });
}

/** Stop a celebration at once (a new deal, an undo): every card back in its place. */
export function stopCelebration(board) {
  for (const animation of board.getAnimations({ subtree: true })) {
    if (animation.id === CELEBRATION) animation.cancel();
  }
}

/**
 * The player acts: every card in flight lands at once, and a celebration stops. Returns the
 * cards that were in flight, topmost first, each with the box it was drawn in at that moment
 * (``drawn``) and the box its flight started from (``from``): the player saw it somewhere
 * between the two, and may have aimed there.
 */
export function land(board) {
  const seen = new Map();
  for (const animation of board.getAnimations({ subtree: true })) {
    const el = animation.effect?.target;
    if (animation.id === CELEBRATION) animation.cancel();
    if (animation.id !== FLIGHT || !el?.isConnected) continue;
    if (!seen.has(el)) seen.set(el, el.getBoundingClientRect());
  }
  for (const animation of board.getAnimations({ subtree: true })) {
    if (animation.id === FLIGHT) animation.finish();
  }
  const flying = [...seen].map(([el, drawn]) => ({ el, drawn, from: STARTS.get(el) ?? drawn }));
  // Cards in flight are painted in the order of the document: the last one is on top.
  flying.sort((a, b) => (a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1));
  return flying;
}
