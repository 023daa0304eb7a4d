/*
 * Shared by the windowed fuzz harnesses (fuzz_window.c, fuzz_inplace.c): a windowed scan cut at
 * pseudo-random points drawn from a seed (a hash of the input, so a finding replays exactly), and the
 * comparison of what it wrote with the scalar kernel's whole-document tape.
 */
#ifndef HYSON_FUZZ_CUTS_H
#define HYSON_FUZZ_CUTS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hyson/hyson.h"
#include "scan_check.h"

/* FNV-1a over the input: the seed of the cuts (never 0, as xorshift needs). */
static inline uint64_t hyson_fuzz_hash(const uint8_t *data, size_t size) {
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < size; i++) {
        h = (h ^ data[i]) * UINT64_C(0x100000001b3);
    }
    return h | 1;
}

static inline uint64_t hyson_fuzz_next(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* The bytes the next window adds: mostly short steps (cuts inside tokens), sometimes the rest. */
static inline size_t hyson_fuzz_step(uint64_t *s) {
    uint64_t r = hyson_fuzz_next(s);
    switch (r & 7) {
        case 0:
        case 1:
            return 1 + (size_t)((r >> 3) % 3);
        case 2:
        case 3:
            return 1 + (size_t)((r >> 3) % 16);
        case 4:
        case 5:
            return 1 + (size_t)((r >> 3) % 80);
        case 6:
            return 1 + (size_t)((r >> 3) % 1024);
        default:
            return SIZE_MAX / 2; /* the rest of the input */
    }
}

/*
 * Scans data[0, size) with hyson_scan_window in windows cut at random points: each window runs from
 * where the last one asked to resume to a random point past the last window's end. Every window is an
 * exact-size heap block, so a read past its end is a sanitizer finding. With HYSON_IN_PLACE in
 * cfg->flags the block holds data[0, end) and the window is [resume, end) with origin 0, as the Java
 * event scan over a byte array calls it; otherwise the block holds data[resume, end) with origin resume,
 * as a stream does. When c is given (event tapes), the entries written are checked by hyson_check_taken
 * and taken after every window. Returns the last window's result; aborts when resume goes backwards or
 * out of the window.
 */
static inline int hyson_scan_cuts(const uint8_t *data, size_t size, const hyson_config *config,
                                  const hyson_kernel *kernel, hyson_tape *t, uint64_t seed, hyson_event_check *c) {
    hyson_config cfg = *config;
    int in_place = (cfg.flags & HYSON_IN_PLACE) != 0;
    hyson_window_begin(t);
    size_t resume = 0, end = 0;
    for (;;) {
        size_t step = hyson_fuzz_step(&seed);
        end = size - end > step ? end + step : size;
        int last = end == size;
        size_t from = in_place ? 0 : resume;
        uint8_t *exact = malloc(end - from > 0 ? end - from : 1);
        if (exact == NULL) {
            abort();
        }
        if (end > from) {
            memcpy(exact, data + from, end - from);
        }
        cfg.origin = (int64_t)from;
        int rc = hyson_scan_window(exact, resume - from, end - from, last, &cfg, kernel, t);
        free(exact);
        if (c != NULL && (rc == HYSON_OK || rc == HYSON_MORE_INPUT)) {
            hyson_check_taken(c, t);
            hyson_window_take(t);
        }
        if (rc != HYSON_MORE_INPUT) {
            return rc;
        }
        if (last || t->resume < (int64_t)resume || t->resume > (int64_t)end) {
            fprintf(stderr, "kernel %s: window %zu..%zu (last %d) asked to resume at %lld\n", kernel->name, resume, end,
                    last, (long long)t->resume);
            abort();
        }
        resume = (size_t)t->resume;
    }
}

/*
 * Whether a windowed scan's tape t (not an event tape) equals the whole scan's ref: the same entries,
 * side buffers and span bytes; span entries point into spans, or with in_place into the input, as ref's.
 */
static inline int hyson_same_window_tape(const hyson_tape *t, const hyson_tape *ref, const uint8_t *data, int in_place) {
    if (t->size != ref->size || t->latin1_size != ref->latin1_size || t->utf16_size != ref->utf16_size ||
        (t->latin1_size > 0 && memcmp(t->latin1, ref->latin1, t->latin1_size) != 0) ||
        (t->utf16_size > 0 && memcmp(t->utf16, ref->utf16, t->utf16_size * sizeof *t->utf16) != 0)) {
        return 0;
    }
    if (in_place) {
        return t->spans_size == 0 && (t->size == 0 || memcmp(t->entries, ref->entries, t->size * sizeof *t->entries) == 0);
    }
    for (size_t k = 0; k < ref->size; k++) {
        uint64_t e = ref->entries[k];
        int tag = (int)(e >> HYSON_TAG_SHIFT);
        if (t->entries[k] != e) {
            return 0;
        }
        if (tag == HYSON_TAG_TRUE || tag == HYSON_TAG_FALSE || tag == HYSON_TAG_NULL) {
            continue;
        }
        k++;
        if (k >= ref->size) {
            return 0;
        }
        if (tag == HYSON_TAG_STR_ASCII || tag == HYSON_TAG_STR_UTF8 || tag == HYSON_TAG_BIG_INTEGER ||
            tag == HYSON_TAG_BIG_DECIMAL) {
            size_t from = (size_t)(e & ((UINT64_C(1) << HYSON_TAG_SHIFT) - 1)) + (tag <= HYSON_TAG_STR_UTF8 ? 1 : 0);
            size_t len = (size_t)ref->entries[k];
            size_t at = (size_t)(t->entries[k] >> 32);
            if ((size_t)(uint32_t)t->entries[k] != len || at > t->spans_size || len > t->spans_size - at ||
                (len > 0 && memcmp(t->spans + at, data + from, len) != 0)) {
                return 0;
            }
        } else if (t->entries[k] != ref->entries[k]) {
            return 0;
        }
    }
    return 1;
}

/*
 * Every kernel against the scalar kernel's whole scan of data (ref_rc, ref): a windowed scan at random
 * cuts (seed) writing a whole tape, then an event tape taken after every window, each with the same
 * result code and error offset, or the same entries. extra_flags (HYSON_IN_PLACE or 0) is added to both.
 */
static inline void hyson_check_cuts(const uint8_t *data, size_t size, const hyson_config *config, uint32_t extra_flags,
                                    uint64_t seed, int ref_rc, const hyson_tape *ref) {
    if ((int64_t)size > config->max_document_length || config->max_depth >= 1023) {
        return; /* a stream reports the document limit in reading order; the event check holds 1022 levels */
    }
    hyson_config cfg = *config;
    cfg.flags |= extra_flags;
    int in_place = (cfg.flags & HYSON_IN_PLACE) != 0;
    for (size_t k = 0; k < hyson_kernel_count(); k++) {
        const hyson_kernel *kernel = hyson_kernel_at(k);
        uint64_t s = seed + 0x9E3779B97F4A7C15ULL * (k + 1);
        hyson_tape t;
        hyson_tape_init(&t);
        int rc = hyson_scan_cuts(data, size, &cfg, kernel, &t, s | 1, NULL);
        int same = rc == ref_rc && (rc != HYSON_OK ? t.error_offset == ref->error_offset
                                                   : hyson_same_window_tape(&t, ref, data, in_place));
        if (!same) {
            fprintf(stderr, "kernel %s, windows at random cuts%s, disagrees with the whole scan: rc %d vs %d, offset %lld vs %lld\n",
                    kernel->name, in_place ? " in place" : "", rc, ref_rc, (long long)t.error_offset,
                    (long long)ref->error_offset);
            abort();
        }
        hyson_event_check *c = calloc(1, sizeof *c);
        if (c == NULL) {
            abort();
        }
        c->data = data;
        c->ref = ref;
        c->ok = 1;
        c->in_place = in_place;
        hyson_config events = cfg;
        events.flags |= HYSON_EVENTS;
        rc = hyson_scan_cuts(data, size, &events, kernel, &t, (s * 3) | 1, c);
        same = rc == ref_rc && (rc != HYSON_OK ? t.error_offset == ref->error_offset
                                               : c->ok && c->next == ref->size && c->depth == 0);
        if (!same) {
            fprintf(stderr, "kernel %s, event tape at random cuts%s, disagrees with the whole scan: rc %d vs %d, offset %lld vs %lld, entry %zu\n",
                    kernel->name, in_place ? " in place" : "", rc, ref_rc, (long long)t.error_offset,
                    (long long)ref->error_offset, c->next);
            abort();
        }
        free(c);
        hyson_tape_free(&t);
    }
}

/* An exact-size copy of the fuzzer's input, so a read past its end is caught; NULL when out of memory. */
static inline uint8_t *hyson_fuzz_copy(const uint8_t *data, size_t size) {
    uint8_t *copy = malloc(size > 0 ? size : 1);
    if (copy != NULL && size > 0) {
        memcpy(copy, data, size);
    }
    return copy;
}

#endif
