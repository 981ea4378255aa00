// Card motion: cards are laid out at their new places at once, then glide there from where
// they were (first, last, invert, play). Reduced motion and the speed setting are honoured.

const DURATIONS = { off: 0, fast: 110, normal: 200, slow: 360 };
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
    return el
      .animate(
        [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
        { duration: ms, easing: "cubic-bezier(.3,1.4,.5,1)" },
      )
      .finished.catch(() => {});
  });
  return Promise.all(runs);
}

/** A shower of card-coloured confetti over ``root`` for a win (none with reduced motion). */
export function celebrate(root) {
  if (!duration()) return;
  const layer = document.createElement("div");
  layer.className = "confetti";
  layer.setAttribute("aria-hidden", "true");
  const colours = ["#c4162f", "#1b1b1f", "#ffd34d", "#fffdf7", "#1459c7", "#0c7a36"];
  for (let i = 0; i < 70; i++) {
    const bit = document.createElement("i");
    bit.style.left = `${Math.random() * 100}%`;
    bit.style.background = colours[i % colours.length];
    bit.style.animationDelay = `${Math.random() * 0.9}s`;
    bit.style.animationDuration = `${2.2 + Math.random() * 1.6}s`;
    bit.style.setProperty("--drift", `${(Math.random() - 0.5) * 160}px`);
    bit.style.setProperty("--spin", `${(Math.random() - 0.5) * 1440}deg`);
    layer.append(bit);
  }
  root.append(layer);
  setTimeout(() => layer.remove(), 4800);
}
