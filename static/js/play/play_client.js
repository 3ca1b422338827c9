// The /play page's one request: POST /api/play/move with the position and the engine's options, answered by the
// engine's reply (search/play/reply.py) or an Error carrying the server's message ("depth: ...").

// This page's own name for the server's limit on searches at once, which counts per open page (as the /search
// socket counts per connection), so a class behind one address is not one client.
const PAGE_ID = crypto.randomUUID();

export async function askEngine(body, signal) {
  const response = await fetch("/api/play/move", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Play-Page": PAGE_ID },
    body: JSON.stringify(body),
    signal,
  });
  let answer = null;
  try {
    answer = await response.json();
  } catch {
    answer = null;
  }
  if (!response.ok) throw new Error(answer && answer.error ? answer.error : `the server answered ${response.status}`);
  return answer;
}
