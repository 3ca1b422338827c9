// "Join a class" in the header: a code typed any way (k7qm 2xwp, K7QM-2XWP) opens /c/<CODE>.

import { normalizeCode } from "./class_channel.js";

export function joinForm(form) {
  if (!form) return;
  const input = form.querySelector("input");
  const error = form.querySelector(".class-join-error");
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const code = normalizeCode(input.value);
    if (!code) {
      error.textContent = input.value.trim() ? "A class code is 8 letters and digits, like K7QM-2XWP." : "Type the class's code.";
      input.focus();
      return;
    }
    error.textContent = "";
    window.location.assign(`/c/${code}`);
  });
  input.addEventListener("input", () => (error.textContent = ""));
}
