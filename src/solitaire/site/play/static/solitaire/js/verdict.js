// What the table says when a game can no longer be won: the stuck banner and Hint's "lost",
// with one button that takes back the moves since the last winnable position. The banner
// sits below the board, in the table's own flow, so it never covers a card.

/** The banner's sentence for a stuck or lost position; ``undos`` is Hint's count or null. */
export function verdictText({ stuck, undos }) {
  const lead = stuck
    ? "No card can reach a foundation any more, so this position can't be won."
    : "This position can't be won.";
  if (!undos) return lead;
  return `${lead} Undo ${undos} move${undos === 1 ? "" : "s"} to get back to a winnable position.`;
}

/** Show the banner for ``verdict`` ({stuck, lost, undos}), or hide it when there is none. */
export function showVerdict(ui, verdict) {
  const shown = Boolean(verdict && (verdict.stuck || verdict.lost));
  ui.stuck.hidden = !shown;
  if (!shown) return;
  ui.stuckText.textContent = verdictText(verdict);
  const undos = verdict.undos || 1;
  ui.undoBack.dataset.undos = String(undos);
  ui.undoBack.textContent = verdict.undos ? `Undo ${undos} move${undos === 1 ? "" : "s"}` : "Undo";
}
