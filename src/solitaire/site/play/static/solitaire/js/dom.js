// Writes to the page made only where they change something. A class, a text, a data
// attribute or a style written anew, even to the value it already had, makes the browser
// look at the element again (its style, and a text's layout): most of the table stays as
// it was through a move, so every write of the table goes through these.

/** Put class ``name`` on ``el`` when ``on`` holds, take it off when not; nothing if so already. */
export function setClass(el, name, on) {
  if (el.classList.contains(name) !== on) el.classList.toggle(name, on);
}

/** Take the classes ``names`` off ``el``, where any of them is on. */
export function dropClasses(el, names) {
  if (names.some((name) => el.classList.contains(name))) el.classList.remove(...names);
}

/** Write ``text`` as the text of ``el`` when it differs. */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** Set ``el``'s boolean property ``name`` (``hidden``, ``disabled``) to ``on`` when it differs. */
export function setFlag(el, name, on) {
  if (el[name] !== on) el[name] = on;
}

/** Write ``value`` into ``el``'s ``data-*`` attribute ``key`` (as dataset names it) when it differs. */
export function setData(el, key, value) {
  if (el.dataset[key] !== value) el.dataset[key] = value;
}

/** Write ``value`` into ``el``'s inline style ``property`` when it differs. */
export function setStyle(el, property, value) {
  if (el.style.getPropertyValue(property) !== value) el.style.setProperty(property, value);
}
