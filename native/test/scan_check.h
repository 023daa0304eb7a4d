/*
 * Shared by the C tests and the fuzz harness: scan one input with every kernel under one
 * configuration and require identical results (return code, error offset, tape, side buffers).
 */
#ifndef HYSON_SCAN_CHECK_H
#define HYSON_SCAN_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hyson/hyson.h"

/*
 * Scans data in windows of 'window' bytes (growing when a token fills half of one, as
 * dev.hyson.internal.scan.StreamScan does), each window handed to the kernel in an exact-size heap
 * block so a read past its end is a sanitizer finding.
 */
static int hyson_scan_windowed(const uint8_t *data, size_t size, size_t window, const hyson_config *config,
                               const hyson_kernel *kernel, hyson_tape *t) {
    hyson_config cfg = *config;
    hyson_window_begin(t);
    size_t cap = window;
    uint8_t *buf = malloc(cap);
    size_t base = 0, filled = 0, consumed = 0;
    if (buf == NULL) {
        abort();
    }
    for (;;) {
        size_t n = cap - filled < size - consumed ? cap - filled : size - consumed;
        if (n > 0) {
            memcpy(buf + filled, data + consumed, n);
        }
        filled += n;
        consumed += n;
        int last = consumed == size;
        uint8_t *exact = malloc(filled > 0 ? filled : 1);
        if (exact == NULL) {
            abort();
        }
        if (filled > 0) {
            memcpy(exact, buf, filled);
        }
        cfg.origin = (int64_t)base;
        int rc = hyson_scan_window(exact, 0, filled, last, &cfg, kernel, t);
        free(exact);
        if (rc != HYSON_MORE_INPUT) {
            free(buf);
            return rc;
        }
        size_t resume = (size_t)(t->resume - (int64_t)base);
        if (last || t->resume < (int64_t)base || resume > filled) {
            fprintf(stderr, "windowed scan resumed at %lld with base %zu, %zu filled, last %d\n", (long long)t->resume,
                    base, filled, last);
            abort();
        }
        size_t keep = filled - resume;
        if (keep > cap / 2) {
            uint8_t *larger = malloc(cap * 2);
            if (larger == NULL) {
                abort();
            }
            memcpy(larger, buf + resume, keep);
            free(buf);
            buf = larger;
            cap *= 2;
        } else {
            memmove(buf, buf + resume, keep);
        }
        base += resume;
        filled = keep;
    }
}

/* Requires the windowed scan to equal the whole-document one (ref): same code and offset, or the same tape. */
static void hyson_check_windowed(const uint8_t *data, size_t size, const hyson_config *cfg, const hyson_kernel *kernel,
                                 size_t window, int ref_rc, const hyson_tape *ref) {
    if ((int64_t)size > cfg->max_document_length) {
        return; /* a stream reports the document limit in reading order */
    }
    hyson_tape t;
    hyson_tape_init(&t);
    int rc = hyson_scan_windowed(data, size, window, cfg, kernel, &t);
    int same = rc == ref_rc;
    if (same && rc != HYSON_OK) {
        same = t.error_offset == ref->error_offset;
    } else if (same) {
        same = t.size == ref->size && t.latin1_size == ref->latin1_size && t.utf16_size == ref->utf16_size &&
               (t.latin1_size == 0 || memcmp(t.latin1, ref->latin1, t.latin1_size) == 0) &&
               (t.utf16_size == 0 || memcmp(t.utf16, ref->utf16, t.utf16_size * sizeof *t.utf16) == 0);
        for (size_t k = 0; same && k < ref->size; k++) {
            uint64_t e = ref->entries[k];
            int tag = (int)(e >> HYSON_TAG_SHIFT);
            same = t.entries[k] == e;
            if (!same || tag == HYSON_TAG_TRUE || tag == HYSON_TAG_FALSE || tag == HYSON_TAG_NULL) {
                continue;
            }
            k++;
            if (tag == HYSON_TAG_STR_ASCII || tag == HYSON_TAG_STR_UTF8 || tag == HYSON_TAG_BIG_INTEGER ||
                tag == HYSON_TAG_BIG_DECIMAL) {
                size_t from = (size_t)(e & ((UINT64_C(1) << HYSON_TAG_SHIFT) - 1)) + (tag <= HYSON_TAG_STR_UTF8 ? 1 : 0);
                size_t len = (size_t)ref->entries[k];
                size_t at = (size_t)(t.entries[k] >> 32);
                same = (size_t)(uint32_t)t.entries[k] == len && at + len <= t.spans_size &&
                       (len == 0 || memcmp(t.spans + at, data + from, len) == 0);
            } else {
                same = t.entries[k] == ref->entries[k];
            }
        }
    }
    if (!same) {
        fprintf(stderr, "kernel %s in windows of %zu disagrees with its whole scan: rc %d vs %d, offset %lld vs %lld\n",
                kernel->name, window, rc, ref_rc, (long long)t.error_offset, (long long)ref->error_offset);
        abort();
    }
    hyson_tape_free(&t);
}

/* Compares the entries an event-tape scan wrote since the last take with the whole scan's (ref). */
typedef struct hyson_event_check {
    const uint8_t *data;
    const hyson_tape *ref;
    size_t next;     /* the next ref entry */
    size_t depth;    /* open containers */
    size_t open[1024];
    uint32_t items[1024];
    int ok;
} hyson_event_check;

static void hyson_check_taken(hyson_event_check *c, const hyson_tape *t) {
    const hyson_tape *ref = c->ref;
    for (size_t i = 0; c->ok && i < t->size; i++) {
        uint64_t e = t->entries[i];
        int tag = (int)(e >> HYSON_TAG_SHIFT);
        if (tag == HYSON_TAG_END_OBJECT || tag == HYSON_TAG_END_ARRAY) {
            if (c->depth == 0) {
                c->ok = 0;
                break;
            }
            uint64_t start = ref->entries[c->open[c->depth]];
            int object = (int)(start >> HYSON_TAG_SHIFT) == HYSON_TAG_OBJECT;
            uint32_t n = c->items[c->depth];
            c->ok = object == (tag == HYSON_TAG_END_OBJECT) && ref->entries[c->open[c->depth] + 1] == (object ? n / 2 : n);
            c->depth--;
            continue;
        }
        if (c->next >= ref->size || ref->entries[c->next] != e || (c->depth > 0 && c->depth >= 1023)) {
            c->ok = 0;
            break;
        }
        if (c->depth > 0) {
            c->items[c->depth]++;
        }
        size_t k = c->next;
        if (tag == HYSON_TAG_TRUE || tag == HYSON_TAG_FALSE || tag == HYSON_TAG_NULL) {
            c->next = k + 1;
            continue;
        }
        c->next = k + 2;
        i++;
        if (i >= t->size) {
            c->ok = 0; /* an entry pair is never split between takes */
            break;
        }
        uint64_t e1 = t->entries[i], r1 = ref->entries[k + 1];
        size_t at = (size_t)(e1 >> 32), len = (size_t)(uint32_t)e1;
        if (tag == HYSON_TAG_OBJECT || tag == HYSON_TAG_ARRAY) {
            c->ok = e1 == 0;
            c->depth++;
            c->open[c->depth] = k;
            c->items[c->depth] = 0;
        } else if (tag == HYSON_TAG_STR_ASCII || tag == HYSON_TAG_STR_UTF8 || tag == HYSON_TAG_BIG_INTEGER ||
                   tag == HYSON_TAG_BIG_DECIMAL) {
            size_t from = (size_t)(e & ((UINT64_C(1) << HYSON_TAG_SHIFT) - 1)) + (tag <= HYSON_TAG_STR_UTF8 ? 1 : 0);
            c->ok = len == (size_t)r1 && at + len <= t->spans_size && (len == 0 || memcmp(t->spans + at, c->data + from, len) == 0);
        } else if (tag == HYSON_TAG_STR_LATIN1) {
            c->ok = len == (size_t)(uint32_t)r1 && at + len <= t->latin1_size &&
                    (len == 0 || memcmp(t->latin1 + at, ref->latin1 + (r1 >> 32), len) == 0);
        } else if (tag == HYSON_TAG_STR_UTF16) {
            c->ok = len == (size_t)(uint32_t)r1 && at + len <= t->utf16_size &&
                    (len == 0 || memcmp(t->utf16 + at, ref->utf16 + (r1 >> 32), len * sizeof *t->utf16) == 0);
        } else {
            c->ok = e1 == r1;
        }
    }
}

/*
 * Requires an event-tape scan (HYSON_EVENTS) in windows of 'window' bytes, its entries taken
 * (hyson_window_take) after every window, to carry the whole scan's entries (ref) in order, with each
 * container's end where its count says, or to fail with the same code at the same offset.
 */
static void hyson_check_events(const uint8_t *data, size_t size, const hyson_config *config, const hyson_kernel *kernel,
                               size_t window, int ref_rc, const hyson_tape *ref) {
    if ((int64_t)size > config->max_document_length || config->max_depth >= 1023) {
        return;
    }
    hyson_config cfg = *config;
    cfg.flags |= HYSON_EVENTS;
    hyson_event_check *c = calloc(1, sizeof *c);
    hyson_tape t;
    hyson_tape_init(&t);
    hyson_window_begin(&t);
    size_t cap = window;
    uint8_t *buf = malloc(cap);
    if (c == NULL || buf == NULL) {
        abort();
    }
    c->data = data;
    c->ref = ref;
    c->ok = 1;
    size_t base = 0, filled = 0, consumed = 0;
    int rc;
    for (;;) {
        size_t n = cap - filled < size - consumed ? cap - filled : size - consumed;
        if (n > 0) {
            memcpy(buf + filled, data + consumed, n);
        }
        filled += n;
        consumed += n;
        int last = consumed == size;
        uint8_t *exact = malloc(filled > 0 ? filled : 1);
        if (exact == NULL) {
            abort();
        }
        if (filled > 0) {
            memcpy(exact, buf, filled);
        }
        cfg.origin = (int64_t)base;
        rc = hyson_scan_window(exact, 0, filled, last, &cfg, kernel, &t);
        free(exact);
        if (rc == HYSON_OK || rc == HYSON_MORE_INPUT) {
            hyson_check_taken(c, &t);
            hyson_window_take(&t);
        }
        if (rc != HYSON_MORE_INPUT) {
            break;
        }
        size_t resume = (size_t)(t.resume - (int64_t)base);
        size_t keep = filled - resume;
        if (keep > cap / 2) {
            uint8_t *larger = malloc(cap * 2);
            if (larger == NULL) {
                abort();
            }
            memcpy(larger, buf + resume, keep);
            free(buf);
            buf = larger;
            cap *= 2;
        } else {
            memmove(buf, buf + resume, keep);
        }
        base += resume;
        filled = keep;
    }
    free(buf);
    int same = rc == ref_rc && (rc != HYSON_OK ? t.error_offset == ref->error_offset
                                               : c->ok && c->next == ref->size && c->depth == 0);
    if (!same) {
        fprintf(stderr, "kernel %s, event tape in windows of %zu, disagrees with its whole scan: rc %d vs %d, entry %zu\n",
                kernel->name, window, rc, ref_rc, c->next);
        abort();
    }
    free(c);
    hyson_tape_free(&t);
}

/*
 * Returns the scalar kernel's result code; aborts when any kernel disagrees, a tape is malformed, or a
 * windowed scan (windows of 'window' bytes and of 4096) differs from the whole one.
 */
static int hyson_check_windows(const uint8_t *data, size_t size, const hyson_config *cfg, size_t window);

/* Returns the scalar kernel's result code; aborts when any kernel disagrees or a tape is malformed. */
static int hyson_check_all_kernels(const uint8_t *data, size_t size, const hyson_config *cfg) {
    size_t n = hyson_kernel_count();
    hyson_tape ref;
    hyson_tape_init(&ref);
    const hyson_kernel *scalar = hyson_kernel_at(n - 1);
    int ref_rc = hyson_scan(data, 0, size, cfg, scalar, &ref);
    if (ref_rc == HYSON_OK && ref.size > 2 * size + 2) {
        fprintf(stderr, "tape of %zu entries for %zu bytes\n", ref.size, size);
        abort();
    }
    for (size_t k = 0; k + 1 < n; k++) {
        hyson_tape t;
        hyson_tape_init(&t);
        int rc = hyson_scan(data, 0, size, cfg, hyson_kernel_at(k), &t);
        int same = rc == ref_rc;
        if (same && rc != HYSON_OK) {
            same = t.error_offset == ref.error_offset;
        } else if (same) {
            same = t.size == ref.size && t.latin1_size == ref.latin1_size && t.utf16_size == ref.utf16_size &&
                   (t.size == 0 || memcmp(t.entries, ref.entries, t.size * sizeof *t.entries) == 0) &&
                   (t.latin1_size == 0 || memcmp(t.latin1, ref.latin1, t.latin1_size) == 0) &&
                   (t.utf16_size == 0 || memcmp(t.utf16, ref.utf16, t.utf16_size * sizeof *t.utf16) == 0);
        }
        if (!same) {
            fprintf(stderr, "kernel %s disagrees with scalar: rc %d vs %d, offset %lld vs %lld\n",
                    hyson_kernel_at(k)->name, rc, ref_rc, (long long)t.error_offset, (long long)ref.error_offset);
            abort();
        }
        hyson_tape_free(&t);
    }
    hyson_tape_free(&ref);
    return ref_rc;
}

static int hyson_check_windows(const uint8_t *data, size_t size, const hyson_config *cfg, size_t window) {
    int ref_rc = hyson_check_all_kernels(data, size, cfg);
    hyson_tape ref;
    hyson_tape_init(&ref);
    hyson_scan(data, 0, size, cfg, hyson_kernel_at(hyson_kernel_count() - 1), &ref);
    for (size_t k = 0; k < hyson_kernel_count(); k++) {
        hyson_check_windowed(data, size, cfg, hyson_kernel_at(k), window, ref_rc, &ref);
        hyson_check_windowed(data, size, cfg, hyson_kernel_at(k), 4096, ref_rc, &ref);
        hyson_check_events(data, size, cfg, hyson_kernel_at(k), window, ref_rc, &ref);
    }
    hyson_tape_free(&ref);
    return ref_rc;
}

static hyson_config hyson_default_config(void) {
    hyson_config c;
    c.max_string_length = 20000000;
    c.max_document_length = (int64_t)1 << 30;
    c.max_depth = 1000;
    c.max_number_length = 1000;
    c.flags = HYSON_ALLOW_BYTE_ORDER_MARK;
    c.origin = 0;
    return c;
}

#endif
