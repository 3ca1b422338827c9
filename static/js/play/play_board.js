// The /play page's board, drawn from the server's description of the position (search/games/board.py): `rows` x
// `columns` cells, each {mark, kind, words, move?}; style "cells" makes each cell a <button> whose data-move is the
// move clicking it plays ("4", Isolation "1,0" for [x, y], Nim "2,3"), style "discs" makes each column one button
// (Connect Four). Only the legal moves are enabled, and none while the engine thinks. Arrow keys move between the
// enabled buttons (Home / End: the first and last), Enter and Space play (a button's own keys). Marks are put in
// as text, never HTML. The page knows no game: any registered game draws here.

const HIDDEN = new Set(["open", "blocked"]); // kinds whose mark is not written in the cell

// Draw `position` (the server's) of game `name` into `board` (an element); `legal`: the moves that may be played
// now; `last`: the cells of the move just made, marked. The button focused before (by its move) keeps the focus.
export function drawBoard(board, name, position, legal, last) {
  const focused = board.contains(document.activeElement) ? document.activeElement.dataset.move : null;
  const drawing = position.board;
  board.replaceChildren();
  board.dataset.game = name;
  board.dataset.style = drawing.style;
  board.dataset.state = position.state;
  board.style.setProperty("--columns", String(drawing.columns));
  board.style.setProperty("--rows", String(drawing.rows));
  const open = new Set(legal);
  const marked = new Set(last || []);
  const buttons = drawing.style === "discs" ? columnButtons(drawing, marked) : cellButtons(drawing, marked);
  for (const button of buttons) {
    button.type = "button";
    button.disabled = !("move" in button.dataset) || !open.has(button.dataset.move);
    board.append(button);
  }
  if (focused) focusMove(board, focused);
}

function cellButtons({ cells }, marked) {
  return cells.map((cell, i) => {
    const button = document.createElement("button");
    button.className = "play-cell";
    if (cell.move !== undefined) button.dataset.move = cell.move;
    button.dataset.mark = cell.mark;
    button.dataset.kind = cell.kind;
    button.textContent = HIDDEN.has(cell.kind) ? "" : cell.mark;
    button.setAttribute("aria-label", cell.words);
    if (marked.has(i)) button.classList.add("last");
    return button;
  });
}

function columnButtons({ cells, rows, columns }, marked) {
  const out = [];
  for (let c = 0; c < columns; c++) {
    const button = document.createElement("button");
    button.className = "play-column";
    const top = cells[c];
    if (top.move !== undefined) button.dataset.move = top.move;
    let discs = 0;
    for (let r = 0; r < rows; r++) {
      const cell = cells[r * columns + c];
      const disc = document.createElement("span");
      disc.className = "play-disc";
      disc.dataset.mark = cell.mark;
      disc.dataset.kind = cell.kind;
      if (marked.has(r * columns + c)) disc.classList.add("last");
      button.append(disc);
      if (cell.kind !== "open") discs++;
    }
    button.setAttribute("aria-label", `column ${c}: ${discs === rows ? "full" : `${discs} disc${discs === 1 ? "" : "s"}`}`);
    out.push(button);
  }
  return out;
}

// Focus the button of `move` if it is enabled, else the nearest enabled one; false if none is.
export function focusMove(board, move) {
  const buttons = [...board.querySelectorAll("button")];
  const at = Math.max(0, buttons.findIndex((b) => b.dataset.move === move));
  const order = buttons.map((b, i) => [Math.abs(i - at), i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const found = order.map(([, i]) => buttons[i]).find((b) => !b.disabled);
  if (found) found.focus();
  return Boolean(found);
}

// Arrow keys between the enabled buttons: left and right in reading order, up and down within a column.
export function listenToArrows(board, columns) {
  board.addEventListener("keydown", (ev) => {
    const buttons = [...board.querySelectorAll("button")];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns(), ArrowDown: columns() }[ev.key];
    let next = null;
    if (ev.key === "Home" || ev.key === "End") {
      const enabled = buttons.filter((b) => !b.disabled);
      next = ev.key === "Home" ? enabled[0] : enabled[enabled.length - 1];
    } else if (step !== undefined) {
      for (let i = at + step; i >= 0 && i < buttons.length; i += step) {
        if (!buttons[i].disabled) {
          next = buttons[i];
          break;
        }
      }
    } else {
      return;
    }
    ev.preventDefault();
    if (next) next.focus();
  });
}
