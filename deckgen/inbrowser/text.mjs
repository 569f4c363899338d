// deckgen's text parts for a browser (or Node): HarfBuzz compiled to WebAssembly (harfbuzzjs),
// handed to deckgen's Python on Pyodide through one global, globalThis.deckgenHarfBuzz, which
// deckgen/inbrowser/harfbuzz.py reads.
//
//   import { loadTextParts } from "./text.mjs";
//   await loadTextParts("/vendor");   // loads /vendor/harfbuzzjs/index.mjs (+ harfbuzz.js, harfbuzz.wasm beside it)
//
// Works in a module Web Worker, a page, and Node (vendorUrl may then be a file: URL or a path).
//
// Each function below does one whole step in JavaScript and answers with numbers or typed
// arrays, so Python crosses into JavaScript once per step (a shaped run, a glyph's outline), not
// once per glyph or per point. Outline coordinates are HarfBuzz's own 32-bit floats, kept as a
// Float32Array: read back in Python they are the very floats uharfbuzz gives (no text in between).

/** The version of this contract: harfbuzz.py refuses a global of another. */
export const CONTRACT = 1;

/** Drawing operations, as the outline's `ops` codes say them. */
const MOVE = 0, LINE = 1, QUAD = 2, CUBIC = 3, CLOSE = 4;

function resolveBase(vendorUrl) {
  const text = String(vendorUrl).replace(/\/+$/, "") + "/";
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return text;
  if (text.startsWith("/") && typeof process === "object" && process.versions?.node && !globalThis.location) {
    return "file://" + text;  // Node: an absolute path
  }
  return new URL(text, globalThis.location?.href ?? import.meta.url).href;
}

/**
 * Load harfbuzzjs from `${vendorUrl}/harfbuzzjs/index.mjs` and set globalThis.deckgenHarfBuzz.
 * @param {string} vendorUrl The folder the site keeps harfbuzzjs's dist files in (its
 *   harfbuzzjs/ subfolder holds index.mjs, harfbuzz.js and harfbuzz.wasm, unchanged).
 * @returns The object set as globalThis.deckgenHarfBuzz.
 */
export async function loadTextParts(vendorUrl) {
  const hb = await import(new URL("harfbuzzjs/index.mjs", resolveBase(vendorUrl)).href);

  // One set of drawing callbacks for every glyph; each draw hands them its own record.
  const drawFuncs = new hb.DrawFuncs();
  drawFuncs.setMoveToFunc((x, y, rec) => { rec.ops.push(MOVE); rec.xy.push(x, y); });
  drawFuncs.setLineToFunc((x, y, rec) => { rec.ops.push(LINE); rec.xy.push(x, y); });
  drawFuncs.setQuadraticToFunc((cx, cy, x, y, rec) => { rec.ops.push(QUAD); rec.xy.push(cx, cy, x, y); });
  drawFuncs.setCubicToFunc((c1x, c1y, c2x, c2y, x, y, rec) => {
    rec.ops.push(CUBIC);
    rec.xy.push(c1x, c1y, c2x, c2y, x, y);
  });
  drawFuncs.setClosePathFunc((rec) => { rec.ops.push(CLOSE); });

  const api = {
    contract: CONTRACT,
    version: hb.versionString(),
    /** A face of a font file (bytes: Uint8Array) and its units per em. */
    face(bytes, index) {
      const face = new hb.Face(new hb.Blob(bytes), index);
      return face;
    },
    upem(face) { return face.upem; },
    /** The code points the face maps, as a Uint32Array. */
    unicodes(face) { return face.collectUnicodes(); },
    /** The face's variation axes' tags, in order. */
    axisTags(face) { return Object.keys(face.getAxisInfos()); },
    font(face) { return new hb.Font(face); },
    /** Set a variable font's instance: tags and values in the same order. */
    setVariations(font, tags, values) {
      font.setVariations(Array.from(tags, (tag, i) => new hb.Variation(tag, values[i])));
    },
    /** The glyph id for a code point, or -1 when the font has none. */
    nominalGlyph(font, codepoint) {
      const gid = font.nominalGlyph(codepoint);
      return gid === undefined ? -1 : gid;
    },
    hAdvance(font, gid) { return font.glyphHAdvance(gid); },
    /** x_bearing, y_bearing, width, height (Int32Array), or null when HarfBuzz has none. */
    extents(font, gid) {
      const e = font.glyphExtents(gid);
      return e === undefined ? null : Int32Array.of(e.xBearing, e.yBearing, e.width, e.height);
    },
    /** A glyph's outline: ops (Uint8Array of MOVE, LINE, QUAD, CUBIC, CLOSE) and their points
     *  (Float32Array, x y pairs: one for a move or line, two for a quadratic, three for a cubic). */
    draw(font, gid) {
      const rec = { ops: [], xy: [] };
      font.drawGlyph(gid, drawFuncs, rec);
      return { ops: Uint8Array.from(rec.ops), xy: Float32Array.from(rec.xy) };
    },
    /**
     * Shape code points (Uint32Array) with a font, as uharfbuzz does for deckgen: the text added,
     * then the direction ("ltr", "rtl" or "" to guess) and language ("" for none) set, the rest
     * guessed, no features. Answers an Int32Array of five numbers a glyph: glyph id, x advance,
     * x offset, y offset, cluster.
     */
    shape(font, codepoints, direction, language) {
      const buffer = new hb.Buffer();
      buffer.addCodePoints(codepoints);
      if (direction === "ltr") buffer.setDirection(hb.Direction.LTR);
      else if (direction === "rtl") buffer.setDirection(hb.Direction.RTL);
      if (language) buffer.setLanguage(language);
      buffer.guessSegmentProperties();
      hb.shape(font, buffer);
      const out = new Int32Array(buffer.getLength() * 5);
      buffer.getGlyphInfosAndPositions().forEach((g, i) => {
        out.set([g.codepoint, g.xAdvance, g.xOffset, g.yOffset, g.cluster], i * 5);
      });
      return out;
    },
  };
  globalThis.deckgenHarfBuzz = api;
  return api;
}
