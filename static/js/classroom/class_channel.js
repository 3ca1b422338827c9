// The classroom's Socket.IO namespace, /class (docs/classroom.md): its socket, a promise for each
// acknowledged message, the search channels SearchSocket uses there, and the join code as people
// read and type it. Shared by the instructor's page (class_teacher.js) and the student's
// (class_follower.js).

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const ACK_TIMEOUT_MS = 10000;

export function classSocket() {
  return io("/class");
}

// Emit `event` and wait for its acknowledgement: resolves with it, or rejects with an Error
// holding the server's {error} (or saying that no answer came).
export function request(socket, event, data, timeoutMs = ACK_TIMEOUT_MS) {
  return new Promise((resolve, reject) => {
    socket.timeout(timeoutMs).emit(event, data, (err, answer) => {
      if (err) reject(new Error(`the server did not answer ${event} within ${timeoutMs / 1000} s`));
      else if (!answer || typeof answer !== "object") reject(new Error(`${event}: the server's answer could not be read`));
      else if (answer.error) reject(new Error(String(answer.error)));
      else resolve(answer);
    });
  });
}

// The instructor's searches go to the room: class:search carries the key; the room's
// search:started / events / done come back on this socket as they would on /search.
// `room` {code, key} changes in place; with no room (the class ended) nothing is sent.
export function teacherChannel(socket, room) {
  return {
    socket,
    start: (req) => room.code && socket.emit("class:search", { ...req, code: room.code, key: room.key }),
    cancel: () => room.code && socket.emit("class:cancel", { code: room.code, key: room.key }),
    endsOnDisconnect: true,
  };
}

// A follower only listens: it starts and cancels nothing (it holds no key).
export function followerChannel(socket) {
  return { socket, start: () => {}, cancel: () => {}, endsOnDisconnect: false };
}

// "k7qm 2xwp", "K7QM-2XWP" -> "K7QM2XWP"; null when it cannot be a code.
export function normalizeCode(text) {
  const code = String(text ?? "").replace(/[\s-]+/g, "").toUpperCase();
  if (code.length !== 8 || [...code].some((c) => !ALPHABET.includes(c))) return null;
  return code;
}

// "K7QM2XWP" -> "K7QM-2XWP": two groups of four, read off a projector.
export function showCode(code) {
  const c = String(code ?? "");
  return c.length === 8 ? `${c.slice(0, 4)}-${c.slice(4)}` : c;
}
