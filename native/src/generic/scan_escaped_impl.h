/*
 * A string with escapes, decoded into the tape's Latin-1 buffer (widened to UTF-16 at the first char
 * above U+00FF or a surrogate pair): RFC 8259 section 7's escapes, UTF-8 validated and decoded, the
 * lone-surrogate policy and the length limit. Included by scan_impl.h only, where
 * hyson_scan_string hands over at the first backslash; compiled once per kernel with it.
 */
static size_t hyson_scan_escaped_string(hyson_scan_state *st, size_t q) {
    const uint8_t *src = st->src;
    size_t end = st->end;
    hyson_tape *tape = st->tape;
    const hyson_config *cfg = st->cfg;
    unsigned policy = (cfg->flags >> HYSON_SURROGATES_SHIFT) & 3u;
    size_t start_latin1 = tape->latin1_size;
    size_t n = start_latin1;
    int wide = 0;
    size_t start_wide = 0;
    size_t w = 0;
    size_t i = q + 1;
    for (;;) {
        if ((int64_t)(i - q - 1) > cfg->max_string_length) {
            HYSON_FAIL(HYSON_ERR_STRING_LIMIT, q);
        }
        if (i >= end) {
            HYSON_FAIL(HYSON_ERR_UNTERMINATED_STRING, q);
        }
        /* a run of plain ASCII goes over in one copy; the per-byte checks it skips could only have
           found the length limit, which the check on its last byte finds the same way */
        size_t j = hyson_k_find_special(src, i, end);
        if (j > i) {
            if ((int64_t)(j - 1 - q - 1) > cfg->max_string_length) {
                HYSON_FAIL(HYSON_ERR_STRING_LIMIT, q);
            }
            size_t run = j - i;
            if (!wide) {
                if (!hyson_ensure_latin1(tape, n, run)) {
                    HYSON_FAIL(HYSON_ERR_OUT_OF_MEMORY, i);
                }
                memcpy(tape->latin1 + n, src + i, run);
                n += run;
            } else {
                if (!hyson_ensure_utf16(tape, w, run)) {
                    HYSON_FAIL(HYSON_ERR_OUT_OF_MEMORY, i);
                }
                for (size_t k = i; k < j; k++) {
                    tape->utf16[w++] = src[k];
                }
            }
            i = j;
            continue;
        }
        uint8_t b = src[i];
        uint32_t ch;
        if (b == '"') {
            break;
        } else if (b == '\\') {
            if (i + 1 >= end) {
                HYSON_FAIL(HYSON_ERR_INVALID_ESCAPE, i);
            }
            switch (src[i + 1]) {
                case '"': ch = '"'; i += 2; break;
                case '\\': ch = '\\'; i += 2; break;
                case '/': ch = '/'; i += 2; break;
                case 'b': ch = '\b'; i += 2; break;
                case 'f': ch = '\f'; i += 2; break;
                case 'n': ch = '\n'; i += 2; break;
                case 'r': ch = '\r'; i += 2; break;
                case 't': ch = '\t'; i += 2; break;
                case 'u': {
                    int32_t unit = hyson_hex4(src, i + 2, end);
                    if (unit < 0) {
                        HYSON_FAIL(HYSON_ERR_INVALID_ESCAPE, i);
                    }
                    if (unit >= 0xD800 && unit <= 0xDFFF) {
                        int32_t low = -1;
                        if (unit <= 0xDBFF && i + 8 <= end && src[i + 6] == '\\' && src[i + 7] == 'u') {
                            low = hyson_hex4(src, i + 8, end);
                        }
                        if (low >= 0xDC00 && low <= 0xDFFF) {
                            if (!wide) {
                                start_wide = tape->utf16_size;
                                if (!hyson_ensure_utf16(tape, start_wide, n - start_latin1 + 2)) {
                                    HYSON_FAIL(HYSON_ERR_OUT_OF_MEMORY, i);
                                }
                                w = hyson_widen(tape, start_latin1, n, start_wide);
                                wide = 1;
                            }
                            if (!hyson_ensure_utf16(tape, w, 2)) {
                                HYSON_FAIL(HYSON_ERR_OUT_OF_MEMORY, i);
                            }
                            tape->utf16[w++] = (uint16_t)unit;
                            tape->utf16[w++] = (uint16_t)low;
                            i += 12;
                            continue;
                        }
                        if (policy == HYSON_SURROGATES_ERROR) {
                            HYSON_FAIL(HYSON_ERR_LONE_SURROGATE, i);
                        }
                        ch = policy == HYSON_SURROGATES_REPLACE ? 0xFFFDu : (uint32_t)unit;
                    } else {
                        ch = (uint32_t)unit;
                    }
                    i += 6;
                    break;
                }
                default:
                    HYSON_FAIL(HYSON_ERR_INVALID_ESCAPE, i);
            }
        } else if (b < 0x80) {
            if (b < 0x20) {
                HYSON_FAIL(HYSON_ERR_CONTROL_CHARACTER, i);
            }
            ch = b;
            i++;
        } else {
            size_t next = hyson_utf8_validate(src, i, end);
            if (next == HYSON_FAILED) {
                HYSON_FAIL(HYSON_ERR_INVALID_UTF8, i);
            }
            uint32_t cp = hyson_utf8_decode(src, i, next);
            i = next;
            if (cp >= 0x10000) {
                if (!wide) {
                    start_wide = tape->utf16_size;
                    if (!hyson_ensure_utf16(tape, start_wide, n - start_latin1 + 2)) {
                        HYSON_FAIL(HYSON_ERR_OUT_OF_MEMORY, i);
                    }
                    w = hyson_widen(tape, start_latin1, n, start_wide);
                    wide = 1;
                }
                if (!hyson_ensure_utf16(tape, w, 2)) {
                    HYSON_FAIL(HYSON_ERR_OUT_OF_MEMORY, i);
                }
                cp -= 0x10000;
                tape->utf16[w++] = (uint16_t)(0xD800 + (cp >> 10));
                tape->utf16[w++] = (uint16_t)(0xDC00 + (cp & 0x3FF));
                continue;
            }
            ch = cp;
        }
        if (!wide) {
            if (ch < 0x100) {
                if (!hyson_ensure_latin1(tape, n, 1)) {
                    HYSON_FAIL(HYSON_ERR_OUT_OF_MEMORY, i);
                }
                tape->latin1[n++] = (uint8_t)ch;
                continue;
            }
            start_wide = tape->utf16_size;
            if (!hyson_ensure_utf16(tape, start_wide, n - start_latin1 + 1)) {
                HYSON_FAIL(HYSON_ERR_OUT_OF_MEMORY, i);
            }
            w = hyson_widen(tape, start_latin1, n, start_wide);
            wide = 1;
        }
        if (!hyson_ensure_utf16(tape, w, 1)) {
            HYSON_FAIL(HYSON_ERR_OUT_OF_MEMORY, i);
        }
        tape->utf16[w++] = (uint16_t)ch;
    }
    if (!hyson_ensure_entries(tape, 2)) {
        HYSON_FAIL(HYSON_ERR_OUT_OF_MEMORY, q);
    }
    uint64_t *t = tape->entries + tape->size;
    if (!wide) {
        t[0] = HYSON_AT(HYSON_TAG_STR_LATIN1, q);
        t[1] = ((uint64_t)start_latin1 << 32) | (uint64_t)(n - start_latin1);
        tape->latin1_size = n;
    } else {
        t[0] = HYSON_AT(HYSON_TAG_STR_UTF16, q);
        t[1] = ((uint64_t)start_wide << 32) | (uint64_t)(w - start_wide);
        tape->utf16_size = w;
    }
    tape->size += 2;
    return i + 1;
}

#ifdef HYSON_K_CLASSIFY64
/* The character each two-character escape of RFC 8259 section 7 stands for ('\\' followed by the index); 0: none. */
static const uint8_t hyson_simple_escapes[256] = {
    ['"'] = '"', ['\\'] = '\\', ['/'] = '/', ['b'] = '\b', ['f'] = '\f', ['n'] = '\n', ['r'] = '\r', ['t'] = '\t',
};

/* One escape at src[i] ('\\') of a string ending at close: its UTF-16 code unit(s) into *unit (and
   *low for a surrogate pair escaped as two, else 0), the index after it; HYSON_FAILED if invalid. */
static inline __attribute__((always_inline)) size_t hyson_unescape(const uint8_t *src, size_t i, size_t close, unsigned policy, uint32_t *unit,
                                    uint32_t *low) {
    *low = 0;
    if (i + 1 >= close) {
        return HYSON_FAILED;
    }
    uint8_t e = src[i + 1];
    if (e != 'u') {
        /* a table, not a switch: a jump table's indirect branch mispredicts between escapes */
        *unit = hyson_simple_escapes[e];
        return *unit != 0 ? i + 2 : HYSON_FAILED;
    }
    int32_t u = hyson_hex4(src, i + 2, close);
    if (u < 0) {
        return HYSON_FAILED;
    }
    if (u >= 0xD800 && u <= 0xDFFF) {
        int32_t second = -1;
        if (u <= 0xDBFF && i + 8 <= close && src[i + 6] == '\\' && src[i + 7] == 'u') {
            second = hyson_hex4(src, i + 8, close);
        }
        if (second >= 0xDC00 && second <= 0xDFFF) {
            *unit = (uint32_t)u;
            *low = (uint32_t)second;
            return i + 12;
        }
        if (policy == HYSON_SURROGATES_ERROR) {
            return HYSON_FAILED;
        }
        *unit = policy == HYSON_SURROGATES_REPLACE ? 0xFFFDu : (uint32_t)u;
        return i + 6;
    }
    *unit = (uint32_t)u;
    return i + 6;
}

/*
 * The tape walk's decoder of a string with escapes (structural_index_impl.h flagged it), whose closing
 * quote is at close: stage 1 has validated its UTF-8 and found no control byte in it, so only the escapes
 * are judged here. Writes what hyson_scan_escaped_string writes for the same valid string (Latin-1 while
 * every char is below U+0100, then UTF-16), with the buffers grown once for the worst case (a byte of input
 * gives at most one UTF-16 unit). Returns close + 1, or HYSON_FAILED (an invalid escape, a lone surrogate
 * under the error policy, or no memory: the single pass then says which).
 */
/*
 * The first byte of the 8 at src that is a backslash or >= 0x80 (8 when there is none), by SWAR: the
 * zero-byte test of (v ^ '\\') is exact up to its first zero byte, which is all that ctz reads.
 */
static inline unsigned hyson_plain_prefix8(uint64_t v) {
    uint64_t x = v ^ UINT64_C(0x5C5C5C5C5C5C5C5C);
    uint64_t special = ((x - UINT64_C(0x0101010101010101)) & ~x) | v;
    special &= UINT64_C(0x8080808080808080);
    return special == 0 ? 8 : (unsigned)__builtin_ctzll(special) >> 3;
}

/* The UTF-16 surrogate pair of the validated 4-byte UTF-8 sequence at p, at utf16[w]; returns w + 2. */
static inline size_t hyson_surrogate_pair(const uint8_t *p, uint16_t *utf16, size_t w) {
    uint32_t cp = ((p[0] & 0x07u) << 18) | ((p[1] & 0x3Fu) << 12) | ((p[2] & 0x3Fu) << 6) | (p[3] & 0x3Fu);
    cp -= 0x10000;
    utf16[w] = (uint16_t)(0xD800 + (cp >> 10));
    utf16[w + 1] = (uint16_t)(0xDC00 + (cp & 0x3FF));
    return w + 2;
}

/* The tape entries of a string decoded into a side buffer's [start, end) (entry: its tag and quote; size: that
   buffer's size, set to end); returns close + 1. */
static inline size_t hyson_put_decoded(hyson_tape *tape, uint64_t entry, size_t start, size_t end, size_t *size, size_t close) {
    uint64_t *t = tape->entries + tape->size;
    t[0] = entry;
    t[1] = ((uint64_t)start << 32) | (uint64_t)(end - start);
    *size = end;
    tape->size += 2;
    return close + 1;
}

#ifdef HYSON_K_UNESCAPE64
/* The kernel's steps of 64 bytes (hyson_k_unescape64); each item a step leaves (a 4-byte sequence, a
   surrogate escape, an invalid escape) decoded here, in UTF-16 (none of them fits Latin-1). */
static size_t hyson_decode_escaped(hyson_scan_state *st, size_t q, size_t close) {
    const uint8_t *src = st->src;
    hyson_tape *tape = st->tape;
    unsigned policy = (st->cfg->flags >> HYSON_SURROGATES_SHIFT) & 3u;
    size_t start_latin1 = tape->latin1_size;
    /* a step writes a unit per item, and an item is one byte or more: close - q bytes are room enough */
    if (!hyson_ensure_latin1(tape, start_latin1, close - q)) {
        return HYSON_FAILED;
    }
    size_t n = start_latin1;
    size_t i = q + 1;
    hyson_units64 units;
    while (i < close) {
        size_t used = hyson_k_unescape64(src + i, close - i, &units);
        if (used == 0 || units.wide) {
            goto wide;
        }
        hyson_k_store_latin1(tape->latin1 + n, &units);
        n += units.count;
        i += used;
    }
    return hyson_put_decoded(tape, HYSON_AT(HYSON_TAG_STR_LATIN1, q), start_latin1, n, &tape->latin1_size, close);

wide:;
    /* the chars so far widened, then the rest from i in UTF-16: a unit or two per item, no more units
       than bytes (a 4-byte sequence gives two, an escape at most one per six bytes) */
    size_t start_wide = tape->utf16_size;
    if (!hyson_ensure_utf16(tape, start_wide, (n - start_latin1) + (close - i))) {
        return HYSON_FAILED;
    }
    size_t w = hyson_widen(tape, start_latin1, n, start_wide);
    uint16_t *utf16 = tape->utf16;
    while (i < close) {
        size_t used = hyson_k_unescape64(src + i, close - i, &units);
        if (used != 0) {
            hyson_k_store_utf16(utf16 + w, &units);
            w += units.count;
            i += used;
            continue;
        }
        if (src[i] == '\\') {
            uint32_t unit, low;
            i = hyson_unescape(src, i, close, policy, &unit, &low);
            if (i == HYSON_FAILED) {
                return HYSON_FAILED;
            }
            utf16[w++] = (uint16_t)unit;
            if (low != 0) {
                utf16[w++] = (uint16_t)low;
            }
        } else {
            /* a 4-byte sequence (the step takes every other char): a surrogate pair */
            w = hyson_surrogate_pair(src + i, utf16, w);
            i += 4;
        }
    }
    return hyson_put_decoded(tape, HYSON_AT(HYSON_TAG_STR_UTF16, q), start_wide, w, &tape->utf16_size, close);
}
#else
static size_t hyson_decode_escaped(hyson_scan_state *st, size_t q, size_t close) {
    const uint8_t *src = st->src;
    hyson_tape *tape = st->tape;
    unsigned policy = (st->cfg->flags >> HYSON_SURROGATES_SHIFT) & 3u;
    size_t start_latin1 = tape->latin1_size;
    if (!hyson_ensure_latin1(tape, start_latin1, close - q)) {
        return HYSON_FAILED;
    }
    uint8_t *latin1 = tape->latin1;
    size_t n = start_latin1;
    size_t i = q + 1;
    uint32_t unit = 0;
    uint32_t low = 0;
    while (i < close) {
        if (src[i] < 0x80 && src[i] != '\\' && close - i >= 8) {
            /* a run of plain ASCII, 8 bytes at a time: latin1 holds close - q bytes from start_latin1 and
               every input byte so far gave at most one, so the 8-byte store stays inside it */
            uint64_t v = hyson_load8(src + i);
            unsigned plain = hyson_plain_prefix8(v);
            memcpy(latin1 + n, &v, 8);
            n += plain;
            i += plain;
            continue;
        }
        uint8_t b = src[i];
        if (b == '\\') {
            size_t next = hyson_unescape(src, i, close, policy, &unit, &low);
            if (next == HYSON_FAILED) {
                return HYSON_FAILED;
            }
            if (unit >= 0x100) {
                goto wide; /* unit (and low) still to be written */
            }
            latin1[n++] = (uint8_t)unit;
            i = next;
        } else if (b < 0x80) {
            latin1[n++] = b;
            i++;
        } else if (b < 0xC4) {
            latin1[n++] = (uint8_t)(((b & 0x1Fu) << 6) | (src[i + 1] & 0x3Fu)); /* U+0080..U+00FF */
            i += 2;
        } else {
            unit = 0;
            goto wide;
        }
    }
    return hyson_put_decoded(tape, HYSON_AT(HYSON_TAG_STR_LATIN1, q), start_latin1, n, &tape->latin1_size, close);

wide:;
    /* the chars so far, widened, then the rest; at src[i] is an escape already decoded into unit/low
       (unit != 0), or the lead byte of a sequence above U+00FF (unit == 0) */
    size_t start_wide = tape->utf16_size;
    if (!hyson_ensure_utf16(tape, start_wide, (n - start_latin1) + (close - i))) {
        return HYSON_FAILED;
    }
    size_t w = hyson_widen(tape, start_latin1, n, start_wide);
    uint16_t *utf16 = tape->utf16;
    if (unit != 0) {
        utf16[w++] = (uint16_t)unit;
        if (low != 0) {
            utf16[w++] = (uint16_t)low;
            i += 12;
        } else {
            i += src[i + 1] == 'u' ? 6 : 2;
        }
    }
    while (i < close) {
        if (src[i] < 0x80 && src[i] != '\\' && close - i >= 8) {
            /* a run of plain ASCII widened 8 bytes at a time: utf16 holds (n - start_latin1) + (close - i)
               units past start_wide, and every input byte from i on gives at most one */
            uint64_t v = hyson_load8(src + i);
            unsigned plain = hyson_plain_prefix8(v);
            for (unsigned j = 0; j < 8; j++) {
                utf16[w + j] = (uint16_t)((v >> (8 * j)) & 0xFF);
            }
            w += plain;
            i += plain;
            continue;
        }
        uint8_t b = src[i];
        if (b < 0x80) {
            if (b != '\\') {
                utf16[w++] = b;
                i++;
                continue;
            }
            i = hyson_unescape(src, i, close, policy, &unit, &low);
            if (i == HYSON_FAILED) {
                return HYSON_FAILED;
            }
            utf16[w++] = (uint16_t)unit;
            if (low != 0) {
                utf16[w++] = (uint16_t)low;
            }
        } else if (b < 0xE0) {
            utf16[w++] = (uint16_t)(((b & 0x1Fu) << 6) | (src[i + 1] & 0x3Fu));
            i += 2;
        } else if (b < 0xF0) {
#ifdef HYSON_K_UTF16_THREE
            /* a run of 3-byte sequences (CJK text), eight at a time; utf16 has room, as above */
            if (close - i >= 28 && hyson_k_utf16_three8(src + i, utf16 + w)) {
                w += 8;
                i += 24;
                continue;
            }
#endif
            utf16[w++] = (uint16_t)(((b & 0x0Fu) << 12) | ((src[i + 1] & 0x3Fu) << 6) | (src[i + 2] & 0x3Fu));
            i += 3;
        } else {
            w = hyson_surrogate_pair(src + i, utf16, w);
            i += 4;
        }
    }
    return hyson_put_decoded(tape, HYSON_AT(HYSON_TAG_STR_UTF16, q), start_wide, w, &tape->utf16_size, close);
}
#endif /* HYSON_K_UNESCAPE64 */
#endif
