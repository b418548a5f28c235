// The reader's settings (dealgen/data/site/settings.js): read carefully, set on the page's root.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readSettings, applySettings } from "../../dealgen/data/site/settings.js";
import { makeStore } from "../../dealgen/data/site/store.js";

function fakeDocument() {
  const attrs = new Map();
  return { documentElement: { setAttribute: (k, v) => attrs.set(k, v), removeAttribute: (k) => attrs.delete(k) }, attrs };
}

test("the system's scheme and two colours unless the reader chose; junk is ignored", () => {
  const store = makeStore(null, "t:");
  assert.deepEqual(readSettings(store), { theme: "auto", deck: "two" });
  store.set("settings", { theme: "purple", deck: 4 });
  assert.deepEqual(readSettings(store), { theme: "auto", deck: "two" });
  store.set("settings", { theme: "dark", deck: "four" });
  assert.deepEqual(readSettings(store), { theme: "dark", deck: "four" });
});

test("a choice is set on the root; auto leaves the scheme to the style sheet", () => {
  const doc = fakeDocument();
  applySettings(doc, { theme: "dark", deck: "four" });
  assert.equal(doc.attrs.get("data-theme"), "dark");
  assert.equal(doc.attrs.get("data-deck"), "four");
  applySettings(doc, { theme: "auto", deck: "two" });
  assert.equal(doc.attrs.has("data-theme"), false);
  assert.equal(doc.attrs.get("data-deck"), "two");
});
