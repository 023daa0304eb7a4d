/*
 * Stage 2 of a whole-document scan: the tape walk over stage 1's structural index, and the
 * whole-document scan of a SIMD kernel that runs the two. Included by scan_impl.h when the kernel
 * defines hyson_k_classify64 (HYSON_K_CLASSIFY64), after the single pass and the helpers it shares:
 * numbers, escaped strings, literals.
 *
 * The walk is RFC 8259's grammar over the index, one entry a step, without looking at whitespace or
 * into strings: a string is its two quotes' entries (its length is their distance, its tag their flags),
 * a number or literal is parsed from its first byte and must end where whitespace or a structural
 * character follows. The tape is written with no capacity check per value: stage 1's count bounds it
 * (at most two entries per index entry).
 *
 * Errors: the walk says only that the input is not valid. The scan then runs the single pass
 * (HYSON_DIRECT_NAME), which writes the same tape for valid input and reports the exact error code and
 * offset for invalid input, so every error is the single pass's. Comments (HYSON_ALLOW_COMMENTS) and
 * documents whose offsets do not fit the index (end > HYSON_INDEX_OFFSET) go to the single pass too.
 */

#include "structural_index_impl.h"

#define HYSON_WALK_NAME HYSON_CAT(HYSON_SCAN_NAME, _walk)

/* 1 for the bytes that may follow a number or literal: whitespace and the structural characters. */
static const uint8_t hyson_scalar_ends[256] = {
    [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, [','] = 1, [':'] = 1, ['['] = 1, [']'] = 1, ['{'] = 1, ['}'] = 1,
};

static inline int hyson_scalar_ended(const uint8_t *src, size_t pos, size_t end) {
    return pos >= end || hyson_scalar_ends[src[pos]];
}

/* Writes the tape of src[.., end) from the index of count entries; HYSON_OK or -1 (not valid, or no memory). */
HYSON_STAGE int HYSON_WALK_NAME(const uint8_t *src, size_t end, const hyson_config *cfg, hyson_tape *tape, size_t count) {
    hyson_scan_state state = {src, end, cfg, tape};
    hyson_scan_state *st = &state;
    size_t max_depth = (size_t)cfg->max_depth;
    if (count > SIZE_MAX / 2 - 2 || !hyson_ensure_entries(tape, 2 * count + 2) ||
        !hyson_ensure_stack(tape, (count < max_depth ? count : max_depth) + 2)) {
        return -1;
    }
    const uint32_t *ix = tape->index;
    uint64_t *e = tape->entries; /* stays: every entry fits the capacity ensured above */
    uint64_t *stack = tape->stack;
    uint32_t *counts = tape->counts;
    stack[0] = 0; /* read back (and not used) when the top-level container closes */
    const int64_t origin = cfg->origin;
    const int64_t max_string = cfg->max_string_length;
    const uint32_t flags = cfg->flags;
    const int fast_numbers = hyson_number_fast_allowed(cfg);
    size_t size = 0;
    size_t k = 0;
    /* the open container: its depth, kind and member count stay in registers; the stack keeps each
       open container's tape index and kind, counts the member count of the one it is inside */
    size_t depth = 0;
    int in_object = 0;
    uint32_t members = 0;
    size_t pos;
    uint8_t c;

#define HYSON_W_AT(tag, p) hyson_entry((tag), (size_t)((int64_t)(p) + origin))
/* The string whose opening quote is at pos: its closing quote is the next index entry. */
#define HYSON_W_STRING()                                                                            \
    do {                                                                                           \
        uint32_t closing = ix[k++];                                                                \
        size_t length = (size_t)(closing & HYSON_INDEX_OFFSET) - pos - 1;                          \
        if ((int64_t)length > max_string) {                                                        \
            goto fail;                                                                             \
        }                                                                                          \
        if (closing & HYSON_INDEX_ESCAPED) {                                                       \
            tape->size = size;                                                                     \
            if (hyson_decode_escaped(st, pos, (size_t)(closing & HYSON_INDEX_OFFSET)) == HYSON_FAILED) {      \
                goto fail;                                                                         \
            }                                                                                      \
            size = tape->size;                                                                     \
        } else {                                                                                   \
            e[size] = HYSON_W_AT((closing & HYSON_INDEX_NON_ASCII) ? HYSON_TAG_STR_UTF8 : HYSON_TAG_STR_ASCII, pos); \
            e[size + 1] = length;                                                                  \
            size += 2;                                                                             \
        }                                                                                          \
    } while (0)
/* The literal 'word' of len bytes at pos. */
#define HYSON_W_LITERAL(tag, word, len)                                                             \
    do {                                                                                           \
        if (end - pos < (len) || memcmp(src + pos, (word), (len)) != 0 ||                          \
            !hyson_scalar_ended(src, pos + (len), end)) {                                          \
            goto fail;                                                                             \
        }                                                                                          \
        e[size++] = HYSON_W_AT((tag), pos);                                                        \
    } while (0)
/* The next index entry into pos, and its byte into c (0 at the end's sentinel). */
#define HYSON_W_NEXT()                                                                              \
    do {                                                                                           \
        pos = ix[k++];                                                                             \
        if (pos >= end) {                                                                          \
            goto fail;                                                                             \
        }                                                                                          \
        c = src[pos];                                                                              \
    } while (0)

    HYSON_W_NEXT();
value:
    /* a value at pos, its first byte in c */
    switch (c) {
        case '"':
            HYSON_W_STRING();
            break;
        case '{':
        case '[': {
            if (depth >= max_depth) {
                goto fail;
            }
            int object = c == '{';
            e[size] = HYSON_W_AT(object ? HYSON_TAG_OBJECT : HYSON_TAG_ARRAY, pos);
            counts[depth] = members;
            depth++;
            stack[depth] = ((uint64_t)size << 1) | (uint64_t)object;
            size += 2;
            in_object = object;
            members = 0;
            HYSON_W_NEXT();
            if (c == (object ? '}' : ']')) {
                goto close;
            }
            if (object) {
                goto name;
            }
            goto value;
        }
        case 't':
            HYSON_W_LITERAL(HYSON_TAG_TRUE, "true", 4);
            break;
        case 'f':
            HYSON_W_LITERAL(HYSON_TAG_FALSE, "false", 5);
            break;
        case 'n':
            HYSON_W_LITERAL(HYSON_TAG_NULL, "null", 4);
            break;
        case 'N':
        case 'I': {
            if (!(flags & HYSON_ALLOW_NON_FINITE_LITERALS)) {
                goto fail;
            }
            tape->size = size;
            size_t after = hyson_non_finite(st, pos, pos, 0);
            if (after == HYSON_FAILED || !hyson_scalar_ended(src, after, end)) {
                goto fail;
            }
            size = tape->size;
            break;
        }
        default: {
            if (!hyson_is_digit(c) && c != '-') {
                goto fail;
            }
            size_t after = fast_numbers && end - pos >= 48 ? hyson_number_fast(src, pos, origin, e + size) : HYSON_FAILED;
            if (after != HYSON_FAILED) {
                size += 2;
            } else {
                tape->size = size;
                after = hyson_scan_number(st, pos);
                if (after == HYSON_FAILED) {
                    goto fail;
                }
                size = tape->size;
            }
            if (!hyson_scalar_ended(src, after, end)) {
                goto fail;
            }
            break;
        }
    }

after_value:
    /* after a value: ',' and the next one, or the end of its container */
    if (depth == 0) {
        if (k != count) {
            goto fail; /* something after the top-level value */
        }
        tape->size = size;
        return HYSON_OK;
    }
    members++;
    HYSON_W_NEXT();
    if (in_object) {
        if (c == ',') {
            HYSON_W_NEXT();
            if (c == '}' && (flags & HYSON_ALLOW_TRAILING_COMMAS)) {
                goto close;
            }
            goto name;
        }
        if (c == '}') {
            goto close;
        }
        goto fail;
    }
    if (c == ',') {
        HYSON_W_NEXT();
        if (c == ']' && (flags & HYSON_ALLOW_TRAILING_COMMAS)) {
            goto close;
        }
        goto value;
    }
    if (c == ']') {
        goto close;
    }
    goto fail;

close:
    /* the open container ends here: its count into its entry, and back to the one it is in */
    e[(stack[depth] >> 1) + 1] = members;
    depth--;
    members = counts[depth];
    in_object = (int)(stack[depth] & 1u); /* stack[0] is never read as a container: depth 0 ends above */
    goto after_value;

name:
    /* a member name at pos, then ':' and the value */
    if (c != '"') {
        goto fail;
    }
    HYSON_W_STRING();
    HYSON_W_NEXT();
    if (c != ':') {
        goto fail;
    }
    HYSON_W_NEXT();
    goto value;

fail:
    return -1;

#undef HYSON_W_AT
#undef HYSON_W_STRING
#undef HYSON_W_LITERAL
#undef HYSON_W_NEXT
}

/* The whole-document scan of a SIMD kernel: stages 1 and 2, or the single pass for errors and options
   the stages leave to it. */
static int HYSON_SCAN_NAME(const uint8_t *src, size_t start, size_t end, const hyson_config *cfg, hyson_tape *tape) {
    size_t begin = start;
    if ((cfg->flags & HYSON_ALLOW_COMMENTS) || end > HYSON_INDEX_OFFSET ||
        (int64_t)(end - start) > cfg->max_document_length) {
        return HYSON_DIRECT_NAME(src, start, end, cfg, tape);
    }
    if (end - start >= 3 && src[start] == 0xEF && src[start + 1] == 0xBB && src[start + 2] == 0xBF) {
        if (!(cfg->flags & HYSON_ALLOW_BYTE_ORDER_MARK)) {
            return HYSON_DIRECT_NAME(src, start, end, cfg, tape);
        }
        begin += 3;
    }
    tape->size = 0;
    tape->latin1_size = 0;
    tape->utf16_size = 0;
    tape->error_code = 0;
    tape->error_offset = 0;
    size_t count = HYSON_INDEX_NAME(src, begin, end, tape);
#ifdef HYSON_BENCH_STAGE1_ONLY
    /* bench_scan built with -DHYSON_BENCH_STAGE1_ONLY times stage 1 alone: the "tape" is the index count */
    tape->size = count;
    return count == HYSON_FAILED ? HYSON_DIRECT_NAME(src, start, end, cfg, tape) : HYSON_OK;
#endif
    if (count != HYSON_FAILED && HYSON_WALK_NAME(src, end, cfg, tape, count) == HYSON_OK) {
        return HYSON_OK;
    }
    return HYSON_DIRECT_NAME(src, start, end, cfg, tape);
}

#undef HYSON_WALK_NAME
#undef HYSON_INDEX_NAME
