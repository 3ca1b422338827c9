// The instructor key (docs/classroom.md): this browser's own secret, made once and kept in localStorage, sent with
// class:create, class:mine and class:close. It makes the limit on classes running an instructor's rather than a
// whole campus address's, and lets any tab list this browser's classes and end one that a closed tab left running.

const STORE = "minimax-lab:instructor";

function fresh() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

let unsaved = null; // where storage is refused (a private window's policy): this page's own, for its lifetime

export function instructorKey(storage = globalThis.localStorage) {
  try {
    let key = storage.getItem(STORE);
    if (!key || !/^[A-Za-z0-9_-]{16,64}$/.test(key)) {
      key = fresh();
      storage.setItem(STORE, key);
    }
    return key;
  } catch {
    unsaved = unsaved || fresh();
    return unsaved;
  }
}
