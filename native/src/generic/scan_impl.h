/*
 * The scanner, written once and compiled once per kernel (each file of src/kernels includes this one after
 * defining their primitives and enabling their instruction set). It accepts what the Java scanner
 * (dev.hyson.internal.scan.JavaScanner and its helpers) accepts, writes the same tape and reports the
 * same error code at the same offset for every input; where the two take different steps to get there
 * is listed in HACKING.md ("Where the C and Java scanners differ"), and DifferentialTest holds them equal.
 *
 * The including file defines:
 *   HYSON_SCAN_NAME                   the function name, e.g. hyson_scan_avx2
 *   size_t hyson_k_find_special(src, i, end)
 *       first index in [i, end) holding '"', '\\', a byte below 0x20 or a byte >= 0x80; end if none
 *   size_t hyson_k_skip_spaces(src, i, end)
 *       first index in [i, end) not holding ' ', '\t', '\n' or '\r'; end if none
 *   size_t hyson_k_utf8_run(src, i, end, &bad)
 *       hyson_utf8_run_scalar's contract (scan_support.h), vectorised where the kernel can
 * Every read is checked against end before it is made.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hyson/hyson.h"
#include "eisel_lemire.h"
#include "scan_support.h"

/* Everything below is static, so each kernel gets its own copy compiled for its instruction set. */

#define HYSON_CAT2(a, b) a##b
#define HYSON_CAT(a, b) HYSON_CAT2(a, b)
/* The single pass over a whole document (below): the scalar kernel's scan, and every kernel's for errors. */
#define HYSON_DIRECT_NAME HYSON_CAT(HYSON_SCAN_NAME, _direct)

/* A stage of the scan (whitespace, strings, numbers, names): inlined, or with HYSON_PROFILE_STAGES
   (cmake -DHYSON_PROFILE_STAGES=ON, for bench_scan under perf) kept out of line so a profile gives
   each stage its own symbol. */
#ifdef HYSON_PROFILE_STAGES
#define HYSON_STAGE static __attribute__((noinline))
#else
#define HYSON_STAGE static inline
#endif

typedef struct hyson_scan_state {
    const uint8_t *src;
    size_t end;
    const hyson_config *cfg;
    hyson_tape *tape;
} hyson_scan_state;

#define HYSON_FAIL(code, at)                                                                        \
    do {                                                                                           \
        st->tape->error_code = (code);                                                             \
        st->tape->error_offset = (int64_t)(at) + st->cfg->origin;                                  \
        return (size_t)-1;                                                                         \
    } while (0)

/* A tape entry whose payload is the input offset pos, shifted by the configured origin. */
#define HYSON_AT(tag, pos) hyson_entry((tag), (size_t)((int64_t)(pos) + st->cfg->origin))

#define HYSON_FAILED ((size_t)-1)

HYSON_STAGE size_t hyson_skip_whitespace(hyson_scan_state *st, size_t pos);

/*
 * The length of the UTF-8 sequence a lead byte b0 (>= 0x80) starts, or 1 for a byte that starts none
 * (a continuation byte, C0, C1, F5..FF): how many bytes must be there before it can be judged.
 */
static inline size_t hyson_utf8_length(uint8_t b0) {
    return b0 >= 0xC2 && b0 < 0xE0 ? 2 : b0 >= 0xE0 && b0 < 0xF0 ? 3 : b0 >= 0xF0 && b0 < 0xF5 ? 4 : 1;
}

/*
 * The index after the UTF-8 sequence at src[i] (>= 0x80) inside a comment, which must be well-formed
 * UTF-8 as all input must: end when the input's end cuts the sequence and cut_ok (a window that more
 * input follows), else HYSON_FAILED with HYSON_ERR_INVALID_UTF8 at i.
 */
static size_t hyson_comment_utf8(hyson_scan_state *st, size_t i, int cut_ok) {
    size_t next = hyson_utf8_validate(st->src, i, st->end);
    if (next != (size_t)-1) {
        return next;
    }
    if (cut_ok && st->end - i < hyson_utf8_length(st->src[i])) {
        return st->end;
    }
    HYSON_FAIL(HYSON_ERR_INVALID_UTF8, i);
}

/*
 * Skips the comment at src[pos] ('/'), checking its bytes as UTF-8; returns pos when no comment starts
 * there. A block comment without its end fails as unterminated (cut_ok: the window's end may have cut it).
 */
static size_t hyson_skip_comment(hyson_scan_state *st, size_t pos, int cut_ok) {
    const uint8_t *src = st->src;
    size_t end = st->end;
    if (pos + 1 >= end) {
        return pos; /* a lone '/' is left for the caller to reject */
    }
    if (src[pos + 1] == '/') {
        size_t i = pos + 2;
        while (i < end && src[i] != '\n') {
            i = src[i] < 0x80 ? i + 1 : hyson_comment_utf8(st, i, cut_ok);
            if (i == HYSON_FAILED) {
                return HYSON_FAILED;
            }
        }
        return i;
    }
    if (src[pos + 1] == '*') {
        size_t i = pos + 2;
        while (i + 1 < end) {
            if (src[i] == '*' && src[i + 1] == '/') {
                return i + 2;
            }
            i = src[i] < 0x80 ? i + 1 : hyson_comment_utf8(st, i, cut_ok);
            if (i == HYSON_FAILED) {
                return HYSON_FAILED;
            }
        }
        if (i < end && src[i] >= 0x80 && hyson_comment_utf8(st, i, 1) == HYSON_FAILED) {
            return HYSON_FAILED; /* the last byte before the end: ill-formed whatever follows */
        }
        HYSON_FAIL(HYSON_ERR_UNTERMINATED_COMMENT, pos);
    }
    return pos;
}

/* Returns the first non-whitespace index, or HYSON_FAILED (unterminated comment). */
HYSON_STAGE size_t hyson_skip_whitespace(hyson_scan_state *st, size_t pos) {
    const uint8_t *src = st->src;
    size_t end = st->end;
    while (pos < end) {
        uint8_t c = src[pos];
        if (c > ' ') {
            if (c == '/' && (st->cfg->flags & HYSON_ALLOW_COMMENTS)) {
                size_t next = hyson_skip_comment(st, pos, 0);
                if (next == HYSON_FAILED) {
                    return HYSON_FAILED;
                }
                if (next == pos) {
                    return pos;
                }
                pos = next;
                continue;
            }
            return pos;
        }
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
            /* one or two blanks are common between tokens; longer runs (indentation) go wide */
            if (pos + 1 < end && src[pos + 1] <= ' ') {
                pos = hyson_k_skip_spaces(src, pos + 1, end);
            } else {
                pos++;
            }
        } else {
            return pos;
        }
    }
    return pos;
}

/* strings with escapes: decoded into the tape's buffers */
#include "scan_escaped_impl.h"

/* Scans the string whose opening quote is at q; returns the index after its closing quote. */
HYSON_STAGE size_t hyson_scan_string(hyson_scan_state *st, size_t q) {
    const uint8_t *src = st->src;
    size_t end = st->end;
    size_t i = q + 1;
    int ascii = 1;
    for (;;) {
        i = hyson_k_find_special(src, i, end);
        if ((int64_t)(i - q - 1) > st->cfg->max_string_length) {
            /* past the limit whatever the rest holds: the same answer a windowed scan gives */
            HYSON_FAIL(HYSON_ERR_STRING_LIMIT, q);
        }
        if (i >= end) {
            HYSON_FAIL(HYSON_ERR_UNTERMINATED_STRING, q);
        }
        uint8_t b = src[i];
        if (b == '"') {
            break;
        }
        if (b == '\\') {
            return hyson_scan_escaped_string(st, q);
        }
        if (b >= 0x80) {
            /* a run of multi-byte sequences (CJK text, say) is validated here without going back
               to the wide search, which would stop again at the very next byte */
            size_t bad = 0;
            size_t next = hyson_k_utf8_run(src, i, end, &bad);
            if (next == HYSON_FAILED) {
                if ((int64_t)(bad - q - 1) > st->cfg->max_string_length) {
                    HYSON_FAIL(HYSON_ERR_STRING_LIMIT, q);
                }
                HYSON_FAIL(HYSON_ERR_INVALID_UTF8, bad);
            }
            i = next;
            ascii = 0;
        } else {
            HYSON_FAIL(HYSON_ERR_CONTROL_CHARACTER, i);
        }
    }
    size_t length = i - q - 1;
    if ((int64_t)length > st->cfg->max_string_length) {
        HYSON_FAIL(HYSON_ERR_STRING_LIMIT, q);
    }
    hyson_tape *tape = st->tape;
    if (!hyson_ensure_entries(tape, 2)) {
        HYSON_FAIL(HYSON_ERR_OUT_OF_MEMORY, q);
    }
    uint64_t *t = tape->entries + tape->size;
    t[0] = HYSON_AT(ascii ? HYSON_TAG_STR_ASCII : HYSON_TAG_STR_UTF8, q);
    t[1] = length;
    tape->size += 2;
    return i + 1;
}

static size_t hyson_non_finite(hyson_scan_state *st, size_t begin, size_t pos, int negative) {
    double v;
    size_t len;
    if (!negative && hyson_matches(st->src, pos, st->end, "NaN", 3)) {
        v = NAN;
        len = 3;
    } else if (hyson_matches(st->src, pos, st->end, "Infinity", 8)) {
        v = negative ? -INFINITY : INFINITY;
        len = 8;
    } else {
        HYSON_FAIL(negative ? HYSON_ERR_INVALID_NUMBER : HYSON_ERR_EXPECTED_VALUE, pos);
    }
    if (!hyson_ensure_entries(st->tape, 2)) {
        HYSON_FAIL(HYSON_ERR_OUT_OF_MEMORY, pos);
    }
    uint64_t *t = st->tape->entries + st->tape->size;
    t[0] = HYSON_AT(HYSON_TAG_DOUBLE, begin);
    t[1] = hyson_double_bits(v);
    st->tape->size += 2;
    return pos + len;
}

#define HYSON_EXPONENT_CLAMP 1000000

/* A digit expected at i of the number at s: a number already longer than max_number_length is over
   the limit whatever follows (the answer a windowed scan gives too). */
#define HYSON_INVALID_NUMBER(s, i)                                                                   \
    do {                                                                                           \
        if ((int64_t)((i) - (s)) > (int64_t)st->cfg->max_number_length) {                          \
            HYSON_FAIL(HYSON_ERR_NUMBER_LIMIT, (s));                                               \
        }                                                                                          \
        HYSON_FAIL(HYSON_ERR_INVALID_NUMBER, (i));                                                 \
    } while (0)

/* the common number without a branch per digit */
#include "number_fast_impl.h"

/* A number (RFC 8259 section 6): the grammar, limits and conversion of JavaNumbers.scanNumber; the
   integer part differs in its steps only (8 digits at a time from the first digit here, no early INT64
   exit; see HACKING.md, "Where the C and Java scanners differ"). */
HYSON_STAGE size_t hyson_scan_number(hyson_scan_state *st, size_t s) {
    if (hyson_ensure_entries(st->tape, 2)) {
        size_t fast = st->end - s >= 48 && hyson_number_fast_allowed(st->cfg)
                          ? hyson_number_fast(st->src, s, st->cfg->origin, st->tape->entries + st->tape->size,
                                              (st->cfg->flags & HYSON_BIG_DECIMALS) != 0)
                          : HYSON_FAILED;
        if (fast != HYSON_FAILED) {
            st->tape->size += 2;
            return fast;
        }
    }
    const uint8_t *src = st->src;
    size_t end = st->end;
    const hyson_config *cfg = st->cfg;
    size_t i = s;
    int negative = 0;
    if (src[i] == '-') {
        negative = 1;
        i++;
        if (i < end && src[i] == 'I' && (cfg->flags & HYSON_ALLOW_NON_FINITE_LITERALS)) {
            return hyson_non_finite(st, s, i, 1);
        }
    }
    if (i >= end) {
        HYSON_INVALID_NUMBER(s, i);
    }
    uint64_t w = 0;
    int64_t digits = 0;
    int64_t adjust = 0;
    int truncated = 0;
    uint8_t c = src[i];
    if (c == '0') {
        i++;
        if (i < end && hyson_is_digit(src[i])) {
            HYSON_INVALID_NUMBER(s, i);
        }
    } else if (c >= '1' && c <= '9') {
        /* eight digits per step while they fit the 19 exact ones */
        while (digits <= 11 && end - i >= 8 && hyson_is_8_digits(hyson_load8(src + i))) {
            w = w * 100000000u + hyson_parse_8_digits(hyson_load8(src + i));
            digits += 8;
            i += 8;
        }
        if (i >= end || !hyson_is_digit(c = src[i])) {
            goto integer_done;
        }
        do {
            if (digits < 19) {
                w = w * 10 + (uint64_t)(c - '0');
            } else {
                adjust++;
                truncated = 1;
            }
            digits++;
            i++;
        } while (i < end && hyson_is_digit(c = src[i]));
    } else {
        HYSON_INVALID_NUMBER(s, i);
    }
integer_done:;
    int fraction = 0;
    int64_t exponent = 0;
    if (i < end && src[i] == '.') {
        fraction = 1;
        i++;
        if (i >= end || !hyson_is_digit(src[i])) {
            HYSON_INVALID_NUMBER(s, i);
        }
        if (digits == 0) {
            /* leading zeros of a fraction (0.000123) move the exponent, not the significand */
            while (i < end && src[i] == '0') {
                adjust--;
                i++;
            }
        }
        /* eight significant digits per step while they fit the 19 exact ones (the first of them is
           not a leading zero: either digits came before or the zeros were skipped), then one at a time */
        while (digits <= 11 && end - i >= 8 && hyson_is_8_digits(hyson_load8(src + i))) {
            w = w * 100000000u + hyson_parse_8_digits(hyson_load8(src + i));
            digits += 8;
            adjust -= 8;
            i += 8;
        }
        while (i < end && hyson_is_digit(c = src[i])) {
            if (digits < 19) {
                w = w * 10 + (uint64_t)(c - '0');
                digits++;
                adjust--;
            } else {
                truncated = 1;
                digits++;
            }
            i++;
        }
    }
    if (i < end && (src[i] == 'e' || src[i] == 'E')) {
        fraction = 1;
        i++;
        int negative_exponent = 0;
        if (i < end && (src[i] == '+' || src[i] == '-')) {
            negative_exponent = src[i] == '-';
            i++;
        }
        if (i >= end || !hyson_is_digit(src[i])) {
            HYSON_INVALID_NUMBER(s, i);
        }
        do {
            if (exponent < HYSON_EXPONENT_CLAMP) {
                exponent = exponent * 10 + (src[i] - '0');
            }
            i++;
        } while (i < end && hyson_is_digit(src[i]));
        if (negative_exponent) {
            exponent = -exponent;
        }
    }
    if ((int64_t)(i - s) > (int64_t)cfg->max_number_length) {
        HYSON_FAIL(HYSON_ERR_NUMBER_LIMIT, s);
    }
    hyson_tape *tape = st->tape;
    if (!hyson_ensure_entries(tape, 2)) {
        HYSON_FAIL(HYSON_ERR_OUT_OF_MEMORY, s);
    }
    uint64_t *t = tape->entries + tape->size;
    if (!fraction) {
        if (digits <= 19 && !truncated) {
            /* w is exact as an unsigned value (10^19 - 1 < 2^64) */
            if (!negative && w <= (uint64_t)INT64_MAX) {
                t[0] = HYSON_AT(HYSON_TAG_INT64, s);
                t[1] = w;
                tape->size += 2;
                return i;
            }
            if (negative && w <= (uint64_t)1 << 63) {
                t[0] = HYSON_AT(HYSON_TAG_INT64, s);
                t[1] = (uint64_t)0 - w; /* two's complement negation, defined for unsigned */
                tape->size += 2;
                return i;
            }
        }
        t[0] = HYSON_AT(HYSON_TAG_BIG_INTEGER, s);
        t[1] = i - s;
        tape->size += 2;
        return i;
    }
    if (cfg->flags & HYSON_BIG_DECIMALS) {
        t[0] = HYSON_AT(HYSON_TAG_BIG_DECIMAL, s);
        t[1] = i - s;
        tape->size += 2;
        return i;
    }
    double d;
    if (truncated) {
        d = hyson_parse_double(src + s, i - s);
    } else {
        int64_t e10 = exponent + adjust;
        if (e10 < -HYSON_EXPONENT_CLAMP) {
            e10 = -HYSON_EXPONENT_CLAMP;
        } else if (e10 > HYSON_EXPONENT_CLAMP) {
            e10 = HYSON_EXPONENT_CLAMP;
        }
        d = hyson_decimal_to_double(w, (int32_t)e10, negative);
    }
    if (isinf(d) && !(cfg->flags & HYSON_ALLOW_INFINITY_FOR_OVERFLOW)) {
        HYSON_FAIL(HYSON_ERR_NUMBER_OUT_OF_RANGE, s);
    }
    t[0] = HYSON_AT(HYSON_TAG_DOUBLE, s);
    t[1] = hyson_double_bits(d);
    tape->size += 2;
    return i;
}

static size_t hyson_literal(hyson_scan_state *st, size_t pos, int tag, const char *word, size_t len) {
    if (!hyson_matches(st->src, pos, st->end, word, len)) {
        HYSON_FAIL(HYSON_ERR_INVALID_LITERAL, pos);
    }
    if (!hyson_ensure_entries(st->tape, 1)) {
        HYSON_FAIL(HYSON_ERR_OUT_OF_MEMORY, pos);
    }
    st->tape->entries[st->tape->size++] = HYSON_AT(tag, pos);
    return pos + len;
}

/* Reads a member name at pos (whitespace skipped), then ':' and the whitespace after it. */
HYSON_STAGE size_t hyson_scan_name(hyson_scan_state *st, size_t pos) {
    if (pos >= st->end || st->src[pos] != '"') {
        HYSON_FAIL(HYSON_ERR_EXPECTED_NAME, pos);
    }
    pos = hyson_scan_string(st, pos);
    if (pos == HYSON_FAILED) {
        return HYSON_FAILED;
    }
    pos = hyson_skip_whitespace(st, pos);
    if (pos == HYSON_FAILED) {
        return HYSON_FAILED;
    }
    if (pos >= st->end || st->src[pos] != ':') {
        HYSON_FAIL(HYSON_ERR_EXPECTED_COLON, pos);
    }
    return hyson_skip_whitespace(st, pos + 1);
}

#define HYSON_TRY(expr)                                                                             \
    do {                                                                                           \
        pos = (expr);                                                                              \
        if (pos == HYSON_FAILED) {                                                                 \
            return st->tape->error_code;                                                           \
        }                                                                                          \
    } while (0)

#define HYSON_ERROR(code, at)                                                                       \
    do {                                                                                           \
        tape->error_code = (code);                                                                 \
        tape->error_offset = (int64_t)(at) + cfg->origin;                                          \
        return (code);                                                                             \
    } while (0)

static int HYSON_DIRECT_NAME(const uint8_t *src, size_t start, size_t end, const hyson_config *cfg, hyson_tape *tape) {
    hyson_scan_state state = {src, end, cfg, tape};
    hyson_scan_state *st = &state;
    tape->size = 0;
    tape->latin1_size = 0;
    tape->utf16_size = 0;
    tape->error_code = 0;
    tape->error_offset = 0;
    if ((int64_t)(end - start) > cfg->max_document_length) {
        HYSON_ERROR(HYSON_ERR_DOCUMENT_LIMIT, (int64_t)start + cfg->max_document_length);
    }
    size_t pos = start;
    if (end - start >= 3 && src[start] == 0xEF && src[start + 1] == 0xBB && src[start + 2] == 0xBF) {
        if (!(cfg->flags & HYSON_ALLOW_BYTE_ORDER_MARK)) {
            HYSON_ERROR(HYSON_ERR_BYTE_ORDER_MARK, start);
        }
        pos += 3;
    }
    size_t depth = 0;
    HYSON_TRY(hyson_skip_whitespace(st, pos));

    for (;;) {
        /* a value at pos */
        if (pos >= end) {
            HYSON_ERROR(HYSON_ERR_EXPECTED_VALUE, pos);
        }
        uint8_t c = src[pos];
        switch (c) {
            case '"':
                HYSON_TRY(hyson_scan_string(st, pos));
                break;
            case '{':
            case '[': {
                if ((int64_t)depth >= (int64_t)cfg->max_depth) {
                    HYSON_ERROR(HYSON_ERR_DEPTH_LIMIT, pos);
                }
                int object = c == '{';
                if (!hyson_ensure_entries(tape, 2) || !hyson_ensure_stack(tape, depth + 2)) {
                    HYSON_ERROR(HYSON_ERR_OUT_OF_MEMORY, pos);
                }
                size_t index = tape->size;
                tape->entries[index] = HYSON_AT(object ? HYSON_TAG_OBJECT : HYSON_TAG_ARRAY, pos);
                tape->size = index + 2;
                depth++;
                tape->stack[depth] = ((uint64_t)index << 1) | (uint64_t)object;
                tape->counts[depth] = 0;
                HYSON_TRY(hyson_skip_whitespace(st, pos + 1));
                if (pos < end && src[pos] == (object ? '}' : ']')) {
                    tape->entries[index + 1] = 0;
                    depth--;
                    pos++;
                    break;
                }
                if (object) {
                    HYSON_TRY(hyson_scan_name(st, pos));
                }
                continue;
            }
            case 't':
                HYSON_TRY(hyson_literal(st, pos, HYSON_TAG_TRUE, "true", 4));
                break;
            case 'f':
                HYSON_TRY(hyson_literal(st, pos, HYSON_TAG_FALSE, "false", 5));
                break;
            case 'n':
                HYSON_TRY(hyson_literal(st, pos, HYSON_TAG_NULL, "null", 4));
                break;
            case 'N':
            case 'I':
                if (!(cfg->flags & HYSON_ALLOW_NON_FINITE_LITERALS)) {
                    HYSON_ERROR(HYSON_ERR_EXPECTED_VALUE, pos);
                }
                HYSON_TRY(hyson_non_finite(st, pos, pos, 0));
                break;
            default:
                if (hyson_is_digit(c) || c == '-') {
                    HYSON_TRY(hyson_scan_number(st, pos));
                    break;
                }
                HYSON_ERROR(HYSON_ERR_EXPECTED_VALUE, pos);
        }

        /* after a value: close containers as far as the input says, or find the next value */
        for (;;) {
            if (depth == 0) {
                HYSON_TRY(hyson_skip_whitespace(st, pos));
                if (pos != end) {
                    HYSON_ERROR(HYSON_ERR_EXPECTED_END, pos);
                }
                return HYSON_OK;
            }
            tape->counts[depth]++;
            HYSON_TRY(hyson_skip_whitespace(st, pos));
            int object = (tape->stack[depth] & 1u) != 0;
            if (pos >= end) {
                HYSON_ERROR(object ? HYSON_ERR_EXPECTED_COMMA_OR_OBJECT_END : HYSON_ERR_EXPECTED_COMMA_OR_ARRAY_END, pos);
            }
            uint8_t d = src[pos];
            uint8_t close = object ? '}' : ']';
            if (d == ',') {
                HYSON_TRY(hyson_skip_whitespace(st, pos + 1));
                if ((cfg->flags & HYSON_ALLOW_TRAILING_COMMAS) && pos < end && src[pos] == close) {
                    tape->entries[(tape->stack[depth] >> 1) + 1] = tape->counts[depth];
                    pos++;
                    depth--;
                    continue;
                }
                if (object) {
                    HYSON_TRY(hyson_scan_name(st, pos));
                }
                break; /* the next value */
            }
            if (d == close) {
                tape->entries[(tape->stack[depth] >> 1) + 1] = tape->counts[depth];
                pos++;
                depth--;
                continue;
            }
            HYSON_ERROR(object ? HYSON_ERR_EXPECTED_COMMA_OR_OBJECT_END : HYSON_ERR_EXPECTED_COMMA_OR_ARRAY_END, pos);
        }
    }
}

/* Copies the span bytes of the one token a step wrote at entry k into tape->spans. */
static inline int hyson_relocate(hyson_scan_state *st, size_t k) {
    hyson_tape *tape = st->tape;
    if (st->cfg->flags & HYSON_IN_PLACE) {
        return 1; /* the entry points into an input that stays */
    }
    uint64_t e = tape->entries[k];
    int tag = (int)(e >> HYSON_TAG_SHIFT);
    if (tag != HYSON_TAG_STR_ASCII && tag != HYSON_TAG_STR_UTF8 && tag != HYSON_TAG_BIG_INTEGER &&
        tag != HYSON_TAG_BIG_DECIMAL) {
        return 1; /* offsets already carry config->origin */
    }
    size_t off = (size_t)((int64_t)(e & ((UINT64_C(1) << HYSON_TAG_SHIFT) - 1)) - st->cfg->origin);
    if (tag == HYSON_TAG_STR_ASCII || tag == HYSON_TAG_STR_UTF8) {
        off++; /* a string's content follows its quote */
    }
    size_t len = (size_t)tape->entries[k + 1];
    if (off > st->end || len > st->end - off ||
        (tape->spans_capacity - tape->spans_size < len && !hyson_grow_spans(tape, len))) {
        return 0;
    }
    if (len > 0) { /* spans is NULL until the first non-empty span */
        memcpy(tape->spans + tape->spans_size, st->src + off, len);
    }
    tape->entries[k + 1] = ((uint64_t)tape->spans_size << 32) | (uint64_t)len;
    tape->spans_size += len;
    return 1;
}

#ifdef HYSON_K_CLASSIFY64
/* a SIMD kernel's whole-document scan: a structural index, then a walk over it (the single pass for
   errors); a window's scan takes the same two stages where it can */
#include "tape_walk_impl.h"
#endif

/* the windowed scan, over the same helpers */
#include "scan_window_impl.h"

#ifdef HYSON_K_CLASSIFY64
#undef HYSON_WINDOW_WALK_NAME
#else
static int HYSON_SCAN_NAME(const uint8_t *src, size_t start, size_t end, const hyson_config *cfg, hyson_tape *tape) {
    return HYSON_DIRECT_NAME(src, start, end, cfg, tape);
}
#endif

#undef HYSON_TRY
#undef HYSON_ERROR
#undef HYSON_INVALID_NUMBER
#undef HYSON_TRY_W
#undef HYSON_FAIL_W
#undef HYSON_VALUE_DONE
#undef HYSON_CUT_MARGIN
#undef HYSON_WINDOW_NAME
#undef HYSON_CAT
#undef HYSON_CAT2
#undef HYSON_DIRECT_NAME
#undef HYSON_FAIL
#undef HYSON_FAILED
#undef HYSON_AT
