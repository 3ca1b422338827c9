// The /play page's requests (docs/play.md): GET /api/catalogue for the games and their starts; POST
// /api/play/position for a position the game's own rules describe (the board, whose turn, the legal moves, the end;
// after a move, if one is given); POST /api/play/move for the engine's reply (search/play/reply.py). A refusal is an
// Error carrying the server's message ("depth: ...").

// This page's own name for the server's limit on searches at once, which counts per open page (as the /search
// socket counts per connection), so a class behind one address is not one client.
const PAGE_ID = crypto.randomUUID();

async function ask(url, init) {
  const response = await fetch(url, init);
  let answer = null;
  try {
    answer = await response.json();
  } catch {
    answer = null;
  }
  if (!response.ok) throw new Error(answer && answer.error ? answer.error : `the server answered ${response.status}`);
  return answer;
}

const post = (url, body, signal) => ask(url, {
  method: "POST",
  headers: { "Content-Type": "application/json", "X-Play-Page": PAGE_ID },
  body: JSON.stringify(body),
  signal,
});

export const askEngine = (body, signal) => post("/api/play/move", body, signal);

// {game, state, move?} -> the position (search/play/position.py).
export const askPosition = (body, signal) => post("/api/play/position", body, signal);


// A move as the board's data-move names it (search/games/board.py move_key): 4 -> "4", [1, 0] -> "1,0".
export const moveKey = (move) => (Array.isArray(move) ? move.join(",") : String(move));
