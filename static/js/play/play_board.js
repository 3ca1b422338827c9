// The /play page's board: tic-tac-toe and Isolation cells, or Connect Four's columns, each a <button> whose
// data-move is the move as the engine writes it ("4", "3", Isolation "1,0" for [x, y]); only the legal moves are
// enabled, and none while the engine thinks. Arrow keys move between the enabled buttons (Home / End: the first
// and last), Enter and Space play (a button's own keys). Marks are put in as text, never HTML.

const NAMES = { X: "X", O: "O", 1: "player 1", 2: "player 2", "#": "closed", ".": "empty" };

// Draw `state` into `board` (an element); `legal`: the moves that may be played now; `last`: the move just made,
// marked. The button focused before (by its move) keeps the focus if it can.
export function drawBoard(board, rules, state, legal, last) {
  const focused = board.contains(document.activeElement) ? document.activeElement.dataset.move : null;
  board.replaceChildren();
  board.dataset.game = rules.name;
  board.style.setProperty("--columns", String(rules.columns));
  board.style.setProperty("--rows", String(rules.rows));
  const open = new Set(legal);
  const buttons = rules.name === "connect4" ? columnButtons(rules, state) : cellButtons(rules, state);
  for (const button of buttons) {
    button.type = "button";
    button.disabled = !open.has(button.dataset.move);
    if (button.dataset.move === last) {
      // The cell just played, or in Connect Four the disc just dropped (the column's top one).
      const disc = button.querySelector('.play-disc:not([data-mark="."])');
      (disc || button).classList.add("last");
    }
    board.append(button);
  }
  if (focused !== null) focusMove(board, focused);
}

function cellButtons(rules, state) {
  return [...state].map((mark, i) => {
    const x = i % rules.columns;
    const y = Math.floor(i / rules.columns);
    const move = rules.name === "isolation" ? `${x},${y}` : String(i);
    const button = document.createElement("button");
    button.className = "play-cell";
    button.dataset.move = move;
    button.dataset.mark = mark;
    button.textContent = mark === "." || mark === "#" ? "" : mark;
    button.setAttribute("aria-label", `${rules.moveWords(move)}: ${NAMES[mark]}`);
    return button;
  });
}

function columnButtons(rules, state) {
  const out = [];
  for (let c = 0; c < rules.columns; c++) {
    const button = document.createElement("button");
    button.className = "play-column";
    button.dataset.move = String(c);
    let discs = 0;
    for (let r = 0; r < rules.rows; r++) {
      const mark = state[r * rules.columns + c];
      const disc = document.createElement("span");
      disc.className = "play-disc";
      disc.dataset.mark = mark;
      disc.textContent = mark === "." ? "" : mark;
      button.append(disc);
      if (mark !== ".") discs++;
    }
    button.setAttribute("aria-label", `column ${c}: ${discs === rules.rows ? "full" : `${discs} disc${discs === 1 ? "" : "s"}`}`);
    out.push(button);
  }
  return out;
}

// Focus the button of `move` if it is enabled, else the nearest enabled one; false if none is.
export function focusMove(board, move) {
  const buttons = [...board.querySelectorAll("button[data-move]")];
  const at = Math.max(0, buttons.findIndex((b) => b.dataset.move === move));
  const order = buttons.map((b, i) => [Math.abs(i - at), i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const found = order.map(([, i]) => buttons[i]).find((b) => !b.disabled);
  if (found) found.focus();
  return Boolean(found);
}

// Arrow keys between the enabled buttons: left and right in reading order, up and down within a column.
export function listenToArrows(board, columns) {
  board.addEventListener("keydown", (ev) => {
    const buttons = [...board.querySelectorAll("button[data-move]")];
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
