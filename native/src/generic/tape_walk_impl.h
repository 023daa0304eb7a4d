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

/* Where a walk over a window's index (hyson_walk with a window) starts and stops. */
typedef struct hyson_walk_window {
    size_t limit; /* the walk reads no index entry from this one on, and stops before it */
    int phase;    /* in: the HYSON_PHASE_* to start in; out: the one to go on in */
    size_t depth; /* in: the open containers; out: those open at the stop */
    size_t pos;   /* out: where the single pass goes on (the first entry the walk did not take) */
} hyson_walk_window;

/*
 * Writes the tape of src[.., end) from the index of count entries; HYSON_OK or -1 (not valid, or no memory).
 * With w (a window's walk, hyson_walk_window), the tape goes on from its state (w->phase and w->depth,
 * the stack and counts), spans are copied as the single pass copies them (hyson_relocate), an event tape
 * gets end entries, and the walk stops at w->limit or after the top-level value, saying in w where to
 * go on. Inlined into its two callers, so the whole-document walk (w == NULL) has none of it.
 */
static inline __attribute__((always_inline)) int hyson_walk(const uint8_t *src, size_t end, const hyson_config *cfg,
                                                            hyson_tape *tape, size_t count, hyson_walk_window *w) {
    hyson_scan_state state = {src, end, cfg, tape};
    hyson_scan_state *st = &state;
    size_t max_depth = (size_t)cfg->max_depth;
    size_t depth = w != NULL ? w->depth : 0;
    size_t deepest = depth + count < max_depth ? depth + count : max_depth;
    if (count > SIZE_MAX / 2 - 2 || !hyson_ensure_entries(tape, 2 * count + 2) ||
        !hyson_ensure_stack(tape, (deepest > depth ? deepest : depth) + 2)) {
        return -1;
    }
    const uint32_t *ix = tape->index;
    uint64_t *e = tape->entries; /* stays: every entry fits the capacity ensured above */
    uint64_t *stack = tape->stack;
    uint32_t *counts = tape->counts;
    const int64_t origin = cfg->origin;
    const int64_t max_string = cfg->max_string_length;
    const uint32_t flags = cfg->flags;
    const int fast_numbers = hyson_number_fast_allowed(cfg);
    const int big_decimals = (flags & HYSON_BIG_DECIMALS) != 0;
    const int events = w != NULL && (flags & HYSON_EVENTS);
    const int relocate = w != NULL && !(flags & HYSON_IN_PLACE);
    const size_t limit = w != NULL ? w->limit : SIZE_MAX;
    size_t size = tape->size;
    size_t k = 0;
    /* the open container: its depth, kind and member count stay in registers; the stack keeps each
       open container's tape index and kind, counts the member count of the one it is inside */
    int in_object = 0;
    uint32_t members = 0;
    int stop_phase = HYSON_PHASE_VALUE;
    size_t pos;
    uint8_t c;
    if (w == NULL) {
        size = 0;
        stack[0] = 0; /* read back (and not used) when the top-level container closes */
    } else if (depth > 0) {
        in_object = (int)(stack[depth] & 1u);
        members = counts[depth];
    }

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
            if (relocate) {                                                                        \
                tape->size = size;                                                                 \
                if (!hyson_relocate(st, size - 2)) {                                               \
                    goto fail;                                                                     \
                }                                                                                  \
            }                                                                                      \
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
/* The next index entry into pos, and its byte into c; a window's walk stops at its limit, to go on in
   the phase given. */
#define HYSON_W_NEXT(phase_at_stop)                                                                 \
    do {                                                                                           \
        if (k >= limit) {                                                                          \
            stop_phase = (phase_at_stop);                                                          \
            goto stop;                                                                             \
        }                                                                                          \
        pos = ix[k++];                                                                             \
        if (pos >= end) {                                                                          \
            goto fail;                                                                             \
        }                                                                                          \
        c = src[pos];                                                                              \
    } while (0)

    if (w != NULL) {
        /* a window's walk starts where the single pass stopped */
        switch (w->phase) {
            case HYSON_PHASE_VALUE:
                HYSON_W_NEXT(HYSON_PHASE_VALUE);
                goto value;
            case HYSON_PHASE_OBJECT_FIRST:
            case HYSON_PHASE_ARRAY_FIRST:
                HYSON_W_NEXT(w->phase);
                goto first;
            case HYSON_PHASE_NAME:
                HYSON_W_NEXT(HYSON_PHASE_NAME);
                if (c == '}' && (flags & HYSON_ALLOW_TRAILING_COMMAS)) {
                    goto close;
                }
                goto name;
            case HYSON_PHASE_ARRAY_NEXT:
                HYSON_W_NEXT(HYSON_PHASE_ARRAY_NEXT);
                if (c == ']') {
                    goto close; /* the phase exists with trailing commas only */
                }
                goto value;
            case HYSON_PHASE_COLON:
                HYSON_W_NEXT(HYSON_PHASE_COLON);
                goto colon;
            case HYSON_PHASE_AFTER_VALUE:
                goto next_member;
            default:
                goto fail; /* START and END are the single pass's */
        }
    }
    HYSON_W_NEXT(HYSON_PHASE_VALUE);
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
            if (w != NULL) {
                e[size + 1] = 0; /* the single pass's open entry: its count is patched at its close */
            }
            size += 2;
            in_object = object;
            members = 0;
            HYSON_W_NEXT(object ? HYSON_PHASE_OBJECT_FIRST : HYSON_PHASE_ARRAY_FIRST);
        first:
            if (c == (in_object ? '}' : ']')) {
                goto close;
            }
            if (in_object) {
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
            size_t after = fast_numbers && end - pos >= 48 ? hyson_number_fast(src, pos, origin, e + size, big_decimals)
                                                           : HYSON_FAILED;
            if (after != HYSON_FAILED) {
                size += 2;
                if (big_decimals && relocate && !hyson_relocate(st, size - 2)) { /* a BIG_DECIMAL span */
                    goto fail;
                }
            } else {
                tape->size = size;
                after = hyson_scan_number(st, pos);
                if (after == HYSON_FAILED || (relocate && !hyson_relocate(st, size))) {
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
        if (w != NULL) {
            stop_phase = HYSON_PHASE_END; /* whitespace to the end: the single pass's */
            goto stop;
        }
        if (k != count) {
            goto fail; /* something after the top-level value */
        }
        tape->size = size;
        return HYSON_OK;
    }
    members++;
next_member:
    HYSON_W_NEXT(HYSON_PHASE_AFTER_VALUE);
    if (in_object) {
        if (c == ',') {
            HYSON_W_NEXT(HYSON_PHASE_NAME);
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
        HYSON_W_NEXT((flags & HYSON_ALLOW_TRAILING_COMMAS) ? HYSON_PHASE_ARRAY_NEXT : HYSON_PHASE_VALUE);
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
    /* the open container ends here: its count into its entry (an event tape: an end entry), and back to
       the one it is in */
    if (events) {
        e[size++] = HYSON_W_AT(in_object ? HYSON_TAG_END_OBJECT : HYSON_TAG_END_ARRAY, pos);
    } else {
        e[(stack[depth] >> 1) + 1] = members;
    }
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
    HYSON_W_NEXT(HYSON_PHASE_COLON);
colon:
    if (c != ':') {
        goto fail;
    }
    HYSON_W_NEXT(HYSON_PHASE_VALUE);
    goto value;

stop:
    /* a window's walk: the single pass goes on at the first entry not taken, in stop_phase */
    if (w == NULL) {
        goto fail; /* never: a whole-document walk has no limit */
    }
    tape->size = size;
    if (depth > 0) {
        counts[depth] = members;
    }
    w->phase = stop_phase;
    w->depth = depth;
    w->pos = ix[k];
    return HYSON_OK;

fail:
    return -1;

#undef HYSON_W_AT
#undef HYSON_W_STRING
#undef HYSON_W_LITERAL
#undef HYSON_W_NEXT
}

/* The whole-document walk: the tape of src[.., end) from the index of count entries; HYSON_OK or -1. */
HYSON_STAGE int HYSON_WALK_NAME(const uint8_t *src, size_t end, const hyson_config *cfg, hyson_tape *tape, size_t count) {
    return hyson_walk(src, end, cfg, tape, count, NULL);
}

#define HYSON_WINDOW_WALK_NAME HYSON_CAT(HYSON_SCAN_NAME, _window_walk)
/* Bytes of window below which the two stages are not tried (the single pass takes them). */
#define HYSON_WINDOW_WALK_MIN 4096
/* Open containers up to which the two stages are tried (their stack and counts are saved for a retry). */
#define HYSON_WINDOW_WALK_DEPTH 64

/*
 * The two stages over the window src[pos, end) of a streamed scan (scan_window_impl.h), from *phase and
 * *depth: indexes the window (up to its last UTF-8 sequence when more input follows, which the window's
 * end may cut), walks the index up to its last entry (which the end may cut too, when more input follows)
 * and returns where the single pass goes on, *phase and *depth updated and the tape as the single pass
 * writes it. On anything else (invalid input, comments, a small window or a deep one) returns pos with
 * the tape as it was, and the single pass takes the whole window, finding the error and its offset.
 */
static size_t HYSON_WINDOW_WALK_NAME(const uint8_t *src, size_t pos, size_t end, int last, const hyson_config *cfg,
                                     hyson_tape *tape, int *phase, size_t *depth) {
    size_t depth0 = *depth;
    if ((cfg->flags & HYSON_ALLOW_COMMENTS) || end - pos < HYSON_WINDOW_WALK_MIN || end > HYSON_INDEX_OFFSET ||
        *phase == HYSON_PHASE_START || *phase == HYSON_PHASE_END || depth0 > HYSON_WINDOW_WALK_DEPTH) {
        return pos;
    }
    size_t cut = end;
    if (!last && src[end - 1] >= 0x80) {
        /* back to the lead byte of the last sequence: stage 1 then sees no sequence cut */
        size_t j = end - 1;
        while (j > pos && end - j < 4 && (src[j] & 0xC0) == 0x80) {
            j--;
        }
        cut = j;
    }
    size_t count = HYSON_INDEX_NAME(src, pos, cut, !last, tape);
    if (count == HYSON_FAILED || (!last && count == 0)) {
        return pos;
    }
    /* what a failed walk must give back: the sizes, and the open containers it may have closed and reopened */
    size_t size = tape->size, latin1_size = tape->latin1_size, utf16_size = tape->utf16_size, spans_size = tape->spans_size;
    uint64_t stack[HYSON_WINDOW_WALK_DEPTH + 1];
    uint32_t counts[HYSON_WINDOW_WALK_DEPTH + 1];
    if (depth0 > 0) {
        memcpy(stack, tape->stack, (depth0 + 1) * sizeof stack[0]);
        memcpy(counts, tape->counts, (depth0 + 1) * sizeof counts[0]);
    }
    hyson_walk_window w = {last ? count : count - 1, *phase, depth0, pos};
    if (hyson_walk(src, end, cfg, tape, count, &w) != HYSON_OK) {
        tape->size = size;
        tape->latin1_size = latin1_size;
        tape->utf16_size = utf16_size;
        tape->spans_size = spans_size;
        if (depth0 > 0) {
            memcpy(tape->stack, stack, (depth0 + 1) * sizeof stack[0]);
            memcpy(tape->counts, counts, (depth0 + 1) * sizeof counts[0]);
        }
        return pos;
    }
    *phase = w.phase;
    *depth = w.depth;
    return w.pos;
}

#undef HYSON_WINDOW_WALK_MIN
#undef HYSON_WINDOW_WALK_DEPTH

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
    size_t count = HYSON_INDEX_NAME(src, begin, end, 0, tape);
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
