/*
 * The tape's buffers: grown geometrically, kept between scans, freed with the context. The tape's entries
 * and the structural index, the two buffers a scan streams through, start on a 64-byte boundary (a cache
 * line, and an AVX-512 register), so their alignment is the same in every run and never a source of
 * spread between runs.
 */
#include <stdlib.h>

#include "hyson/hyson.h"
#include "scan_support.h"

void hyson_tape_init(hyson_tape *tape) {
    memset(tape, 0, sizeof *tape);
}

void hyson_tape_free(hyson_tape *tape) {
    free(tape->entries);
    free(tape->latin1);
    free(tape->utf16);
    free(tape->stack);
    free(tape->counts);
    free(tape->spans);
    free(tape->index);
    hyson_tape_init(tape);
}

static size_t hyson_grown(size_t capacity, size_t needed, size_t minimum) {
    size_t want = capacity < minimum ? minimum : capacity;
    while (want < needed) {
        if (want > SIZE_MAX / 2) {
            return needed;
        }
        want *= 2;
    }
    return want;
}

/* A 64-byte aligned copy of the first 'keep' bytes of old in a block of 'bytes' (old freed), or NULL. */
static void *hyson_realloc_aligned(void *old, size_t keep, size_t bytes) {
    size_t rounded = (bytes + 63) & ~(size_t)63;
    if (rounded < bytes) {
        return NULL;
    }
    void *p = aligned_alloc(64, rounded);
    if (p == NULL) {
        return NULL;
    }
    if (keep > 0) {
        memcpy(p, old, keep);
    }
    free(old);
    return p;
}

int hyson_grow_entries(hyson_tape *tape, size_t more) {
    if (more > SIZE_MAX / sizeof(uint64_t) - tape->size) {
        return 0;
    }
    size_t cap = hyson_grown(tape->capacity, tape->size + more, 1024);
    uint64_t *p = hyson_realloc_aligned(tape->entries, tape->size * sizeof *p, cap * sizeof *p);
    if (p == NULL) {
        return 0;
    }
    tape->entries = p;
    tape->capacity = cap;
    return 1;
}

int hyson_grow_index(hyson_tape *tape, size_t used, size_t needed) {
    if (needed > SIZE_MAX / sizeof(uint32_t)) {
        return 0;
    }
    size_t cap = hyson_grown(tape->index_capacity, needed, 4096);
    uint32_t *p = hyson_realloc_aligned(tape->index, used * sizeof *p, cap * sizeof *p);
    if (p == NULL) {
        return 0;
    }
    tape->index = p;
    tape->index_capacity = cap;
    return 1;
}

int hyson_grow_latin1(hyson_tape *tape, size_t at, size_t more) {
    if (more > SIZE_MAX - at) {
        return 0;
    }
    size_t cap = hyson_grown(tape->latin1_capacity, at + more, 256);
    uint8_t *p = realloc(tape->latin1, cap);
    if (p == NULL) {
        return 0;
    }
    tape->latin1 = p;
    tape->latin1_capacity = cap;
    return 1;
}

int hyson_grow_utf16(hyson_tape *tape, size_t at, size_t more) {
    if (more > SIZE_MAX / 2 - at) {
        return 0;
    }
    size_t cap = hyson_grown(tape->utf16_capacity, at + more, 64);
    uint16_t *p = realloc(tape->utf16, cap * sizeof *p);
    if (p == NULL) {
        return 0;
    }
    tape->utf16 = p;
    tape->utf16_capacity = cap;
    return 1;
}

int hyson_grow_stack(hyson_tape *tape, size_t needed) {
    if (needed > SIZE_MAX / sizeof(uint64_t)) {
        return 0;
    }
    size_t cap = hyson_grown(tape->stack_capacity, needed, 64);
    uint64_t *s = realloc(tape->stack, cap * sizeof *s);
    if (s == NULL) {
        return 0;
    }
    tape->stack = s;
    uint32_t *c = realloc(tape->counts, cap * sizeof *c);
    if (c == NULL) {
        return 0; /* stack grew, counts did not: capacity stays, so the next call retries both */
    }
    tape->counts = c;
    tape->stack_capacity = cap;
    return 1;
}

int hyson_grow_spans(hyson_tape *tape, size_t more) {
    if (more > SIZE_MAX - tape->spans_size) {
        return 0;
    }
    size_t cap = hyson_grown(tape->spans_capacity, tape->spans_size + more, 256);
    uint8_t *p = realloc(tape->spans, cap);
    if (p == NULL) {
        return 0;
    }
    tape->spans = p;
    tape->spans_capacity = cap;
    return 1;
}

void hyson_window_begin(hyson_tape *tape) {
    tape->size = 0;
    tape->latin1_size = 0;
    tape->utf16_size = 0;
    tape->spans_size = 0;
    tape->error_code = 0;
    tape->error_offset = 0;
    tape->phase = HYSON_PHASE_START;
    tape->depth = 0;
    tape->resume = 0;
}

void hyson_window_take(hyson_tape *tape) {
    tape->size = 0;
    tape->latin1_size = 0;
    tape->utf16_size = 0;
    tape->spans_size = 0;
}
