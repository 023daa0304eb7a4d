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
