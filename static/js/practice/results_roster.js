// The results page's roster (issue 46, part 3): each student's private link (copy one, download all as CSV) and a
// box to add names; and, on each attempt's row, a link to that attempt's own tree with its answer. Names are the
// instructor's text: inserted as text only.

import { addToRoster, fetchRoster, rosterCsvUrl } from "./exercise_client.js";
import { namesFromLines } from "./roster_parse.js";

const $ = (id) => document.getElementById(id);

// The cell with the link to /x/<id>/review (the page takes the results key from its own address).
export function reviewLink(id, attempt, access) {
  const cell = document.createElement("td");
  const link = document.createElement("a");
  // The results key or a course's key goes in the address; an LMS launch stays in the tab (the review page reads it).
  const carried = access.lti ? {} : access;
  link.href = `/x/${encodeURIComponent(id)}/review?${new URLSearchParams({ ...carried, attempt: String(attempt.id) })}`;
  link.textContent = attempt.variant === null ? "Open" : "Open their tree";
  link.setAttribute("aria-label", `Open attempt ${attempt.attempt} of ${attempt.student === null ? "an anonymous student" : attempt.student}`);
  cell.appendChild(link);
  return cell;
}

function linkRow(link) {
  const tr = document.createElement("tr");
  const name = document.createElement("th");
  name.scope = "row";
  name.textContent = link.student;
  const where = document.createElement("td");
  const field = document.createElement("input");
  field.type = "text";
  field.readOnly = true;
  field.className = "roster-link";
  field.value = new URL(link.url, window.location.origin).href;
  field.setAttribute("aria-label", `Private link of ${link.student}`);
  where.appendChild(field);
  const copyCell = document.createElement("td");
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "small";
  copy.textContent = "Copy";
  copy.setAttribute("aria-label", `Copy the private link of ${link.student}`);
  copy.addEventListener("click", async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      $("roster-add-status").textContent = `Copied the link of ${link.student}.`;
    } catch {
      $("roster-add-status").textContent = "Select the link and copy it (the browser refused the clipboard).";
    }
  });
  copyCell.appendChild(copy);
  tr.append(name, where, copyCell);
  return tr;
}

export async function showRoster(id, access) {
  $("roster-section").hidden = false;
  $("roster-csv").href = rosterCsvUrl(id, access);
  const { links } = await fetchRoster(id, access);
  $("roster-rows").replaceChildren(...links.map(linkRow));
  $("roster-add").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("roster-add-error").textContent = "";
    $("roster-add-status").textContent = "";
    const names = namesFromLines($("roster-add-names").value);
    if (!names.length) {
      $("roster-add-error").textContent = "Type one or more names, one per line.";
      return;
    }
    try {
      const added = await addToRoster(id, access, names);
      $("roster-rows").append(...added.links.map(linkRow));
      $("roster-add-names").value = "";
      $("roster-add-status").textContent = `Added ${added.links.length}: their links are at the end of the list.`;
    } catch (err) {
      const at = /^roster\[(\d+)\]/.exec(err.message);
      $("roster-add-error").textContent = at ? `${err.message} (line ${Number(at[1]) + 1})` : err.message;
    }
  });
}
