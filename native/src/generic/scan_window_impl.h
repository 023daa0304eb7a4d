/*
 * The windowed scan (hyson_scan_*_window): the same grammar as the whole-document scan in
 * scan_impl.h, resumable between windows of input at the phases hyson.h lists. Included by
 * scan_impl.h only, after the helpers it shares (strings, numbers, literals, names); like them it
 * is compiled once per kernel.
 */
#define HYSON_TRY_W(expr)                                                                           \
    do {                                                                                           \
        pos = (expr);                                                                              \
        if (pos == HYSON_FAILED) {                                                                 \
            goto fail;                                                                             \
        }                                                                                          \
    } while (0)

#define HYSON_FAIL_W(code, at)                                                                      \
    do {                                                                                           \
        tape->error_code = (code);                                                                 \
        tape->error_offset = (int64_t)(at) + cfg->origin;                                          \
        goto fail;                                                                                 \
    } while (0)

/* The phase after a value (scalar or a closed container) at depth. */
#define HYSON_VALUE_DONE()                                                                          \
    do {                                                                                           \
        if (depth == 0) {                                                                          \
            phase = HYSON_PHASE_END;                                                               \
        } else {                                                                                   \
            tape->counts[depth]++;                                                                 \
            phase = HYSON_PHASE_AFTER_VALUE;                                                       \
        }                                                                                          \
    } while (0)

/* ---- windowed scanning: the same grammar as a resumable state machine (JavaWindowScan) ---- */

#define HYSON_WINDOW_NAME HYSON_CAT(HYSON_SCAN_NAME, _window)

/* Bytes before a window's end within which an error may come from a token the end cut off. */
#define HYSON_CUT_MARGIN 16

/*
 * Whitespace in a window: a comment the window's end may cut fails as unterminated, which a
 * non-final window takes as "wait for more input".
 */
static size_t hyson_window_whitespace(hyson_scan_state *st, size_t pos, int last) {
    if (last || !(st->cfg->flags & HYSON_ALLOW_COMMENTS)) {
        return hyson_skip_whitespace(st, pos);
    }
    const uint8_t *src = st->src;
    size_t end = st->end;
    for (;;) {
        pos = hyson_k_skip_spaces(src, pos, end);
        if (pos >= end || src[pos] != '/') {
            return pos;
        }
        if (pos + 1 >= end) {
            HYSON_FAIL(HYSON_ERR_UNTERMINATED_COMMENT, pos);
        }
        if (src[pos + 1] == '/') {
            size_t i = hyson_skip_comment(st, pos, 1);
            if (i == HYSON_FAILED) {
                return HYSON_FAILED;
            }
            if (i >= end) {
                HYSON_FAIL(HYSON_ERR_UNTERMINATED_COMMENT, pos);
            }
            pos = i;
        } else if (src[pos + 1] == '*') {
            pos = hyson_skip_comment(st, pos, 1);
            if (pos == HYSON_FAILED) {
                return HYSON_FAILED;
            }
        } else {
            return pos;
        }
    }
}

/* Whether the bytes that can continue a number run from s to the window's end. */
static int hyson_number_reaches(const uint8_t *src, size_t s, size_t end) {
    for (size_t i = s; i < end; i++) {
        uint8_t b = src[i];
        if (!(hyson_is_digit(b) || b == '-' || b == '+' || b == '.' || b == 'e' || b == 'E')) {
            return 0;
        }
    }
    return 1;
}

/*
 * Closes the container open at depth (its '}' or ']' at pos): patches its count into its start, or on an
 * event tape (HYSON_EVENTS) appends an end entry. Returns 0 when the tape cannot grow.
 */
static inline int hyson_window_close(hyson_scan_state *st, size_t depth, uint32_t count, int object, size_t pos) {
    hyson_tape *tape = st->tape;
    if (!(st->cfg->flags & HYSON_EVENTS)) {
        tape->entries[(tape->stack[depth] >> 1) + 1] = count;
        return 1;
    }
    if (!hyson_ensure_entries(tape, 1)) {
        return 0;
    }
    tape->entries[tape->size++] = HYSON_AT(object ? HYSON_TAG_END_OBJECT : HYSON_TAG_END_ARRAY, pos);
    return 1;
}

static int HYSON_WINDOW_NAME(const uint8_t *src, size_t start, size_t end, int last, const hyson_config *cfg,
                             hyson_tape *tape) {
    hyson_scan_state state = {src, end, cfg, tape};
    hyson_scan_state *st = &state;
    int phase = tape->phase;
    size_t depth = tape->depth;
    size_t pos = start;
    /* each step starts at a consumed boundary; a step the window's end cuts is undone and redone */
    size_t unit = start;
    size_t size_mark = tape->size, latin1_mark = tape->latin1_size, utf16_mark = tape->utf16_size;
#ifdef HYSON_K_CLASSIFY64
    int walked = 0; /* the two stages are tried once a call, after the byte order mark */
#endif
    for (;;) {
#ifdef HYSON_K_CLASSIFY64
        if (!walked && phase != HYSON_PHASE_START) {
            walked = 1;
            pos = HYSON_WINDOW_WALK_NAME(src, pos, end, last, cfg, tape, &phase, &depth);
        }
#endif
        unit = pos;
        size_mark = tape->size;
        latin1_mark = tape->latin1_size;
        utf16_mark = tape->utf16_size;
        switch (phase) {
            case HYSON_PHASE_START:
                if (!last && end - pos < 3) {
                    goto more;
                }
                if (end - pos >= 3 && src[pos] == 0xEF && src[pos + 1] == 0xBB && src[pos + 2] == 0xBF) {
                    if (!(cfg->flags & HYSON_ALLOW_BYTE_ORDER_MARK)) {
                        HYSON_FAIL_W(HYSON_ERR_BYTE_ORDER_MARK, pos);
                    }
                    pos += 3;
                }
                phase = HYSON_PHASE_VALUE;
                continue;
            case HYSON_PHASE_VALUE: {
                HYSON_TRY_W(hyson_window_whitespace(st, pos, last));
                if (pos >= end) {
                    if (!last) {
                        unit = pos;
                        goto more;
                    }
                    HYSON_FAIL_W(HYSON_ERR_EXPECTED_VALUE, pos);
                }
                uint8_t c = src[pos];
                switch (c) {
                    case '"':
                        HYSON_TRY_W(hyson_scan_string(st, pos));
                        break;
                    case '{':
                    case '[': {
                        if ((int64_t)depth >= (int64_t)cfg->max_depth) {
                            HYSON_FAIL_W(HYSON_ERR_DEPTH_LIMIT, pos);
                        }
                        int object = c == '{';
                        if (!hyson_ensure_entries(tape, 2) || !hyson_ensure_stack(tape, depth + 2)) {
                            HYSON_FAIL_W(HYSON_ERR_OUT_OF_MEMORY, pos);
                        }
                        size_t index = tape->size;
                        tape->entries[index] = HYSON_AT(object ? HYSON_TAG_OBJECT : HYSON_TAG_ARRAY, pos);
                        tape->entries[index + 1] = 0;
                        tape->size = index + 2;
                        depth++;
                        tape->stack[depth] = ((uint64_t)index << 1) | (uint64_t)object;
                        tape->counts[depth] = 0;
                        pos++;
                        phase = object ? HYSON_PHASE_OBJECT_FIRST : HYSON_PHASE_ARRAY_FIRST;
                        continue;
                    }
                    case 't':
                        HYSON_TRY_W(hyson_literal(st, pos, HYSON_TAG_TRUE, "true", 4));
                        break;
                    case 'f':
                        HYSON_TRY_W(hyson_literal(st, pos, HYSON_TAG_FALSE, "false", 5));
                        break;
                    case 'n':
                        HYSON_TRY_W(hyson_literal(st, pos, HYSON_TAG_NULL, "null", 4));
                        break;
                    case 'N':
                    case 'I':
                        if (!(cfg->flags & HYSON_ALLOW_NON_FINITE_LITERALS)) {
                            HYSON_FAIL_W(HYSON_ERR_EXPECTED_VALUE, pos);
                        }
                        HYSON_TRY_W(hyson_non_finite(st, pos, pos, 0));
                        break;
                    default:
                        if (hyson_is_digit(c) || c == '-') {
                            /* a number that may run on past the window's end waits for more input; one
                               longer than its limit is the limit's error whatever follows */
                            if (!last && (int64_t)(end - pos) <= (int64_t)cfg->max_number_length &&
                                hyson_number_reaches(src, pos, end)) {
                                goto more;
                            }
                            HYSON_TRY_W(hyson_scan_number(st, pos));
                            break;
                        }
                        HYSON_FAIL_W(HYSON_ERR_EXPECTED_VALUE, pos);
                }
                if (!hyson_relocate(st, size_mark)) {
                    HYSON_FAIL_W(HYSON_ERR_OUT_OF_MEMORY, unit);
                }
                HYSON_VALUE_DONE();
                continue;
            }
            case HYSON_PHASE_OBJECT_FIRST:
            case HYSON_PHASE_ARRAY_FIRST:
            case HYSON_PHASE_ARRAY_NEXT:
            case HYSON_PHASE_NAME: {
                int object = phase == HYSON_PHASE_OBJECT_FIRST || phase == HYSON_PHASE_NAME;
                HYSON_TRY_W(hyson_window_whitespace(st, pos, last));
                if (pos >= end) {
                    if (!last) {
                        unit = pos;
                        goto more;
                    }
                    HYSON_FAIL_W(object ? HYSON_ERR_EXPECTED_NAME : HYSON_ERR_EXPECTED_VALUE, pos);
                }
                int first = phase == HYSON_PHASE_OBJECT_FIRST || phase == HYSON_PHASE_ARRAY_FIRST;
                if (src[pos] == (object ? '}' : ']') && (first || (cfg->flags & HYSON_ALLOW_TRAILING_COMMAS))) {
                    if (!hyson_window_close(st, depth, first ? 0 : tape->counts[depth], object, pos)) {
                        HYSON_FAIL_W(HYSON_ERR_OUT_OF_MEMORY, pos);
                    }
                    pos++;
                    depth--;
                    HYSON_VALUE_DONE();
                    continue;
                }
                if (!object) {
                    phase = HYSON_PHASE_VALUE;
                    continue;
                }
                if (src[pos] != '"') {
                    HYSON_FAIL_W(HYSON_ERR_EXPECTED_NAME, pos);
                }
                HYSON_TRY_W(hyson_scan_string(st, pos));
                if (!hyson_relocate(st, size_mark)) {
                    HYSON_FAIL_W(HYSON_ERR_OUT_OF_MEMORY, unit);
                }
                if (pos < end && src[pos] == ':') {
                    pos++; /* the common "name": needs no step of its own */
                    phase = HYSON_PHASE_VALUE;
                } else {
                    phase = HYSON_PHASE_COLON;
                }
                continue;
            }
            case HYSON_PHASE_COLON:
                HYSON_TRY_W(hyson_window_whitespace(st, pos, last));
                if (pos >= end && !last) {
                    unit = pos;
                    goto more;
                }
                if (pos >= end || src[pos] != ':') {
                    HYSON_FAIL_W(HYSON_ERR_EXPECTED_COLON, pos);
                }
                pos++;
                phase = HYSON_PHASE_VALUE;
                continue;
            case HYSON_PHASE_AFTER_VALUE: {
                int object = (tape->stack[depth] & 1u) != 0;
                HYSON_TRY_W(hyson_window_whitespace(st, pos, last));
                if (pos >= end) {
                    if (!last) {
                        unit = pos;
                        goto more;
                    }
                    HYSON_FAIL_W(object ? HYSON_ERR_EXPECTED_COMMA_OR_OBJECT_END : HYSON_ERR_EXPECTED_COMMA_OR_ARRAY_END, pos);
                }
                uint8_t d = src[pos];
                if (d == ',') {
                    pos++;
                    /* without trailing commas the next element is just a value */
                    phase = object ? HYSON_PHASE_NAME
                                   : (cfg->flags & HYSON_ALLOW_TRAILING_COMMAS) ? HYSON_PHASE_ARRAY_NEXT : HYSON_PHASE_VALUE;
                    continue;
                }
                if (d == (object ? '}' : ']')) {
                    if (!hyson_window_close(st, depth, tape->counts[depth], object, pos)) {
                        HYSON_FAIL_W(HYSON_ERR_OUT_OF_MEMORY, pos);
                    }
                    pos++;
                    depth--;
                    HYSON_VALUE_DONE();
                    continue;
                }
                HYSON_FAIL_W(object ? HYSON_ERR_EXPECTED_COMMA_OR_OBJECT_END : HYSON_ERR_EXPECTED_COMMA_OR_ARRAY_END, pos);
            }
            case HYSON_PHASE_END:
                HYSON_TRY_W(hyson_window_whitespace(st, pos, last));
                if (pos < end) {
                    HYSON_FAIL_W(HYSON_ERR_EXPECTED_END, pos);
                }
                if (!last) {
                    unit = pos;
                    goto more;
                }
                tape->phase = phase;
                tape->depth = depth;
                return HYSON_OK;
            default:
                HYSON_FAIL_W(HYSON_ERR_CORRUPT_STATE, pos); /* never written by this code */
        }
    }

more:
    tape->size = size_mark;
    tape->latin1_size = latin1_mark;
    tape->utf16_size = utf16_mark;
    tape->error_code = 0;
    tape->error_offset = 0;
    tape->resume = (int64_t)unit + cfg->origin;
    tape->phase = phase;
    tape->depth = depth;
    return HYSON_MORE_INPUT;

fail : {
    int code = tape->error_code;
    int64_t at = tape->error_offset - cfg->origin;
    if (!last && code < HYSON_ERR_OUT_OF_MEMORY) { /* a JSON error, which more input may undo */
        if (code == HYSON_ERR_UNTERMINATED_STRING && (int64_t)end - at - 1 > cfg->max_string_length) {
            tape->error_code = HYSON_ERR_STRING_LIMIT; /* longer than the limit whatever follows */
        } else if (code == HYSON_ERR_UNTERMINATED_STRING || code == HYSON_ERR_UNTERMINATED_COMMENT ||
                   at + HYSON_CUT_MARGIN >= (int64_t)end) {
            goto more; /* the window's end may have cut the token: undo the step, wait for input */
        }
    }
    return tape->error_code;
}
}
