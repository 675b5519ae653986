// Where each value of a JSON text is, by JSON Pointer: so that a problem's pointer can be
// shown at its place in the editor. A small recursive-descent reader; on a syntax error it
// returns what it has mapped so far.
export function mapPointers(text) {
  const places = new Map();
  let i = 0;
  const space = () => { while (i < text.length && " \t\r\n".includes(text[i])) i++; };
  const escape = (token) => token.replace(/~/g, "~0").replace(/\//g, "~1");
  function string() {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i));
  }
  function value(pointer) {
    space();
    const start = i;
    const c = text[i];
    if (c === "{") {
      i++; space();
      if (text[i] === "}") { i++; } else {
        for (;;) {
          space();
          if (text[i] !== '"') throw new Error("key");
          const keyStart = i;
          const key = string();
          space(); if (text[i++] !== ":") throw new Error("colon");
          const child = pointer + "/" + escape(key);
          value(child);
          const place = places.get(child);
          if (place) place.keyStart = keyStart;
          space();
          if (text[i] === ",") { i++; continue; }
          if (text[i] === "}") { i++; break; }
          throw new Error("member");
        }
      }
    } else if (c === "[") {
      i++; space();
      if (text[i] === "]") { i++; } else {
        for (let index = 0; ; index++) {
          value(pointer + "/" + index);
          space();
          if (text[i] === ",") { i++; continue; }
          if (text[i] === "]") { i++; break; }
          throw new Error("element");
        }
      }
    } else if (c === '"') {
      string();
    } else {
      const m = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
      if (!m) throw new Error("value");
      i += m[0].length;
    }
    places.set(pointer, { start, end: i });
  }
  try { value(""); } catch { /* keep what was mapped */ }
  return places;
}

// The place of `pointer` in `text`: its own, or that of its nearest mapped ancestor (a
// missing field points into the object that lacks it).
export function placeOf(places, pointer) {
  let p = pointer;
  for (;;) {
    const place = places.get(p);
    if (place) return { start: place.keyStart ?? place.start, end: place.end, exact: p === pointer };
    if (p === "") return { start: 0, end: 0, exact: false };
    p = p.slice(0, p.lastIndexOf("/"));
  }
}
