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
