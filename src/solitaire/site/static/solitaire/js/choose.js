// The home page's search: as one types, only the games whose name, line or family holds
// every word stay in view, and a family left with none is hidden. Without script the same
// search is a form the server answers (?q=).

const input = document.querySelector("[data-role=game-search]");
const noMatch = document.querySelector("[data-role=no-match]");

function filter() {
  const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const family of document.querySelectorAll("[data-role=family]")) {
    let left = 0;
    for (const card of family.querySelectorAll("[data-role=game]")) {
      const match = words.every((word) => card.dataset.search.includes(word));
      card.hidden = !match;
      left += match ? 1 : 0;
    }
    family.hidden = left === 0;
    shown += left;
  }
  noMatch.hidden = shown > 0;
}

if (input) {
  input.addEventListener("input", filter);
}
