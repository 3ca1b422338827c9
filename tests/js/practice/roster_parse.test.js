import test from "node:test";
import assert from "node:assert/strict";
import { csvRows, linksCsv, namesFromCsv, namesFromLines } from "../../../static/js/practice/roster_parse.js";

test("pasted names: one per line, trimmed, blank lines skipped", () => {
  assert.deepEqual(namesFromLines("\ufeffAda Lovelace\r\n\n  Bob  \rCy\n"), ["Ada Lovelace", "Bob", "Cy"]);
  assert.deepEqual(namesFromLines("   \n"), []);
});

test("CSV rows: quotes, doubled quotes, commas and line breaks inside, semicolons", () => {
  assert.deepEqual(csvRows('name,email\r\n"Smith, Ann",a@x\n"Say ""hi""",b@x'), [["name", "email"], ["Smith, Ann", "a@x"], ['Say "hi"', "b@x"]]);
  assert.deepEqual(csvRows('a;b\n"x\ny";z\n'), [["a", "b"], ["x\ny", "z"]]);
});

test("a CSV's names: the name column when headed, else the first column", () => {
  assert.deepEqual(namesFromCsv("\ufeffid,Name,email\n1,Ada,a@x\n2, Bob ,b@x\n3,,c@x\n"), ["Ada", "Bob"]);
  assert.deepEqual(namesFromCsv("Student;Group\nAda;1\n"), ["Ada"]);
  assert.deepEqual(namesFromCsv("Ada,1\nBob,2\n"), ["Ada", "Bob"]);
  assert.deepEqual(namesFromCsv(""), []);
});

test("the links' CSV is formula-safe and quoted where it must be", () => {
  const text = linksCsv([{ student: "=HYPERLINK(\"x\")", url: "/x/abc?s=t1" }, { student: "Smith, Ann", url: "/x/abc?s=t2" }], "http://lab.example");
  assert.equal(text, '\ufeffname,link\r\n"\'=HYPERLINK(""x"")",http://lab.example/x/abc?s=t1\r\n"Smith, Ann",http://lab.example/x/abc?s=t2\r\n');
});

test("a stored answer fills the boxes as text", async () => {
  const { typedFrom } = await import("../../../static/js/practice/roster_parse.js");
  assert.deepEqual(typedFrom({ values: { A: 3, B: [1, 2] }, bounds: { C: ["-inf", 4] }, pruned: ["C2"] }),
    { values: { A: "3", B: "1, 2" }, bounds: { C: ["-inf", "4"] }, pruned: ["C2"] });
  assert.deepEqual(typedFrom({}), { values: {}, bounds: {}, pruned: [] });
});
