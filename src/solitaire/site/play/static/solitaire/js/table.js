// The table page's script: the card table (play.js) with what the page adds around it
// (extras.js), wired by plain imports.

import { installExtras } from "./extras.js";
import { Table } from "./play.js";

const root = document.getElementById("table");
if (root) {
  const table = new Table(root);
  installExtras(table);
  table.start();
}
