// The clock of a game: the server counts from the first move to the end, and the table
// keeps counting between its answers. Before the first move the clock stands at 0:00.

import { setData, setText } from "./dom.js";

function format(ms) {
  const seconds = Math.floor(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

export class Timer {
  constructor(element) {
    this.el = element;
    this.base = 0; // milliseconds counted up to ``since``
    this.since = null; // when the server last said, or null once the game is over
    setInterval(() => this.tick(), 1000);
  }

  reset(game) {
    this.base = 0;
    this.since = null;
    this.update(game);
  }

  /** Take the server's count; the clock runs on while the game is being played. */
  update(game) {
    if (typeof game.elapsed === "number") this.base = game.elapsed * 1000;
    else if (this.since !== null) this.base = this.elapsed();
    const started = game.started ?? game.moves.length > 0;
    this.since = game.status === "playing" && started ? Date.now() : null;
    setData(this.el, "running", String(this.since !== null));
    this.tick();
  }

  elapsed() {
    return this.base + (this.since === null ? 0 : Date.now() - this.since);
  }

  text() {
    return format(this.elapsed());
  }

  tick() {
    // Written only when it changes: a text written anew lays the header out again.
    setText(this.el, this.text());
  }
}
