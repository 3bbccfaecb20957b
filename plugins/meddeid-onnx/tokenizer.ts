// Tokenisation with exact character offsets. @huggingface/tokenizers has no offsets API, so offsets are rebuilt:
// for byte-level BPE every token's symbols map back to bytes of the UTF-8 input, and byte ranges map to UTF-16
// indices; other tokenizers are aligned to the text token by token.
import { readFile } from "node:fs/promises";
import { Tokenizer } from "@huggingface/tokenizers";

export interface TokenizedText {
  ids: number[];
  /** UTF-16 offsets of each token in the input text, half-open. */
  starts: number[];
  ends: number[];
}

export interface SpecialIds {
  cls: number;
  sep: number;
  pad: number;
}

/** GPT-2's byte ↔ printable-symbol table used by ByteLevel pre-tokenizers. */
function byteLevelDecoderTable(): Map<string, number> {
  const bytes: number[] = [];
  for (let b = 33; b <= 126; b++) bytes.push(b);
  for (let b = 161; b <= 172; b++) bytes.push(b);
  for (let b = 174; b <= 255; b++) bytes.push(b);
  const chars = bytes.map((b) => String.fromCharCode(b));
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    if (!bytes.includes(b)) {
      bytes.push(b);
      chars.push(String.fromCharCode(256 + extra++));
    }
  }
  const table = new Map<string, number>();
  bytes.forEach((b, i) => table.set(chars[i], b));
  return table;
}

const BYTE_OF_SYMBOL = byteLevelDecoderTable();

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * For each UTF-8 byte offset of `text` (0..byteLength), the UTF-16 index of the character that contains it, and
 * whether the byte starts a character. Offsets inside a character round down for starts and up for ends.
 */
function byteIndex(text: string): { utf16OfByte: Int32Array; startsChar: Uint8Array; byteLength: number } {
  let byteLength = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    byteLength += utf8Length(cp);
    if (cp > 0xffff) i++;
  }
  const utf16OfByte = new Int32Array(byteLength + 1);
  const startsChar = new Uint8Array(byteLength + 1);
  let b = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    const len = utf8Length(cp);
    startsChar[b] = 1;
    for (let k = 0; k < len; k++) utf16OfByte[b + k] = i;
    b += len;
    if (cp > 0xffff) i++;
  }
  utf16OfByte[byteLength] = text.length;
  startsChar[byteLength] = 1;
  return { utf16OfByte, startsChar, byteLength };
}

/** Rebuilds UTF-16 offsets from byte-level token strings; undefined when the pieces do not spell the input. */
export function byteLevelOffsets(text: string, tokens: readonly string[]): { starts: number[]; ends: number[] } | undefined {
  const { utf16OfByte, startsChar, byteLength } = byteIndex(text);
  const lengths: number[] = [];
  let total = 0;
  for (const t of tokens) {
    let n = 0;
    for (const ch of t) {
      if (!BYTE_OF_SYMBOL.has(ch)) return undefined;
      n++;
    }
    lengths.push(n);
    total += n;
  }
  // A ByteLevel pre-tokenizer with add_prefix_space puts one space before the text that is not in it.
  let cursor = 0;
  if (total === byteLength + 1 && tokens.length > 0 && tokens[0].startsWith("Ġ")) cursor = -1;
  else if (total !== byteLength) return undefined;
  const starts: number[] = [];
  const ends: number[] = [];
  for (const len of lengths) {
    const startByte = Math.max(0, cursor);
    let endByte = Math.max(0, cursor + len);
    while (!startsChar[endByte]) endByte++;
    starts.push(utf16OfByte[startByte]);
    ends.push(utf16OfByte[endByte]);
    cursor += len;
  }
  return { starts, ends };
}

const WORD_PIECE_MARKERS = /^(##|▁|Ġ|Ċ)/u;

/** Aligns non-byte-level tokens (WordPiece, SentencePiece) to the text by searching each piece from a cursor. */
export function alignedOffsets(text: string, tokens: readonly string[]): { starts: number[]; ends: number[] } {
  const lower = text.toLowerCase();
  const starts: number[] = [];
  const ends: number[] = [];
  let cursor = 0;
  for (const t of tokens) {
    const piece = t.replace(WORD_PIECE_MARKERS, "").toLowerCase();
    const at = piece.length > 0 ? lower.indexOf(piece, cursor) : -1;
    if (at < 0 || at - cursor > 64) {
      starts.push(cursor);
      ends.push(cursor);
      continue;
    }
    starts.push(at);
    ends.push(at + piece.length);
    cursor = at + piece.length;
  }
  return { starts, ends };
}

interface PieceEncoding {
  ids: number[];
  /** Token offsets relative to the piece, in UTF-16 units. */
  starts: number[];
  ends: number[];
}

/** The parts of the library's tokenizer a fast path needs; present when tokenizer.json is a plain byte-level BPE. */
interface ByteLevelInternals {
  pattern: RegExp;
  byteEncoder: Record<number, string>;
  model: { encode(tokens: string[]): string[]; tokens_to_ids: Map<string, number> };
  addedTokens: string[];
}

function byteLevelInternals(tokenizer: Tokenizer, json: Record<string, unknown>): ByteLevelInternals | undefined {
  const pre = json.pre_tokenizer as Record<string, unknown> | null;
  const model = json.model as Record<string, unknown> | null;
  if (json.normalizer !== null && json.normalizer !== undefined) return undefined;
  if (!pre || pre.type !== "ByteLevel" || pre.add_prefix_space === true || pre.use_regex === false) return undefined;
  if (!model || model.type !== "BPE" || model.byte_fallback === true) return undefined;
  const lib = tokenizer as unknown as { pre_tokenizer?: { pattern?: unknown; byte_encoder?: unknown }; model?: ByteLevelInternals["model"] };
  const pattern = lib.pre_tokenizer?.pattern;
  const byteEncoder = lib.pre_tokenizer?.byte_encoder;
  if (!(pattern instanceof RegExp) || !pattern.global || !byteEncoder || typeof lib.model?.encode !== "function") return undefined;
  const added = Array.isArray(json.added_tokens) ? (json.added_tokens as { content?: unknown }[]).map((t) => (typeof t.content === "string" ? t.content : "")).filter(Boolean) : [];
  return { pattern, byteEncoder: byteEncoder as Record<number, string>, model: lib.model, addedTokens: added };
}

const utf8 = new TextEncoder();

export class TextTokenizer {
  readonly special: SpecialIds;
  /** Encodings of pre-tokenizer pieces: notes repeat most words, so BPE runs once per distinct piece. */
  private readonly pieceCache = new Map<string, PieceEncoding>();
  private static readonly PIECE_CACHE_LIMIT = 200_000;

  private constructor(
    private readonly tokenizer: Tokenizer,
    special: SpecialIds,
    private readonly fast: ByteLevelInternals | undefined,
  ) {
    this.special = special;
  }

  static fromJson(json: Record<string, unknown>): TextTokenizer {
    const tokenizer = new Tokenizer(json, {});
    const id = (candidates: string[]): number | undefined => {
      for (const c of candidates) {
        const v = tokenizer.token_to_id(c);
        if (v !== undefined) return v;
      }
      return undefined;
    };
    const cls = id(["<s>", "[CLS]", "<cls>"]);
    const sep = id(["</s>", "[SEP]", "<sep>"]);
    const pad = id(["<pad>", "[PAD]"]) ?? 0;
    if (cls === undefined || sep === undefined) throw new Error("tokenizer.json has no CLS/SEP special tokens (<s></s> or [CLS][SEP])");
    return new TextTokenizer(tokenizer, { cls, sep, pad }, byteLevelInternals(tokenizer, json));
  }

  static async fromFile(path: string): Promise<TextTokenizer> {
    return TextTokenizer.fromJson(JSON.parse(await readFile(path, "utf8")) as Record<string, unknown>);
  }

  /** Tokens of the whole text without special tokens, with UTF-16 offsets. */
  encode(text: string): TokenizedText {
    if (this.fast && !this.fast.addedTokens.some((t) => text.includes(t))) {
      const out = this.encodeByteLevel(text, this.fast);
      if (out) return out;
    }
    return this.encodeWithLibrary(text);
  }

  /** The library's own encode, offsets rebuilt afterwards. */
  encodeWithLibrary(text: string): TokenizedText {
    const enc = this.tokenizer.encode(text, { add_special_tokens: false });
    const offsets = byteLevelOffsets(text, enc.tokens) ?? alignedOffsets(text, enc.tokens);
    return { ids: enc.ids, starts: offsets.starts, ends: offsets.ends };
  }

  /**
   * The same steps as the library's encode for a plain byte-level BPE (its pre-tokenizer pattern and byte table, its
   * BPE model), with a cache per piece and offsets known per piece. Undefined if a token is not in the vocabulary.
   */
  private encodeByteLevel(text: string, fast: ByteLevelInternals): TokenizedText | undefined {
    const ids: number[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    for (const m of text.matchAll(fast.pattern)) {
      const piece = m[0];
      const at = m.index ?? 0;
      let enc = this.pieceCache.get(piece);
      if (!enc) {
        enc = this.encodePiece(piece, fast);
        if (!enc) return undefined;
        if (this.pieceCache.size >= TextTokenizer.PIECE_CACHE_LIMIT) this.pieceCache.clear();
        this.pieceCache.set(piece, enc);
      }
      for (let i = 0; i < enc.ids.length; i++) {
        ids.push(enc.ids[i]);
        starts.push(at + enc.starts[i]);
        ends.push(at + enc.ends[i]);
      }
    }
    return { ids, starts, ends };
  }

  private encodePiece(piece: string, fast: ByteLevelInternals): PieceEncoding | undefined {
    const bytes = utf8.encode(piece);
    let symbols = "";
    for (const b of bytes) symbols += fast.byteEncoder[b];
    const tokens = fast.model.encode([symbols]);
    const ids: number[] = [];
    for (const t of tokens) {
      const id = fast.model.tokens_to_ids.get(t);
      if (id === undefined) return undefined;
      ids.push(id);
    }
    const offsets = byteLevelOffsets(piece, tokens);
    if (!offsets) return undefined;
    return { ids, starts: offsets.starts, ends: offsets.ends };
  }
}
