/*
 * libFuzzer harness for the whole-document scan (hyson_scan): every input is scanned by every kernel
 * this CPU has under each option set of fuzz_configs.h, and each kernel must give the scalar kernel's
 * result: the same tape and side buffers, or the same error code at the same offset. Any crash,
 * sanitizer report or disagreement is a finding. The other entry points have harnesses of their own
 * (fuzz_window.c, fuzz_inplace.c, fuzz_lines.c, fuzz_number.c).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_configs.h"
#include "hyson/hyson.h"
#include "scan_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hyson_fuzz_announce();
    /* an exact-size copy, so a read past the end is caught */
    uint8_t *copy = malloc(size > 0 ? size : 1);
    if (copy == NULL) {
        return 0;
    }
    if (size > 0) {
        memcpy(copy, data, size);
    }
    for (int which = 0; which < HYSON_FUZZ_CONFIGS; which++) {
        hyson_config cfg = hyson_fuzz_config(which);
        hyson_check_all_kernels(copy, size, &cfg);
    }
    /* the same bytes as a slice of a larger input, between bytes that would change the result if
       read: offsets shifted by the slice's start, everything else the same */
    uint8_t *framed = malloc(size + 2);
    if (framed == NULL) {
        free(copy);
        return 0;
    }
    framed[0] = '"';
    framed[size + 1] = size % 2 == 0 ? '5' : '"';
    if (size > 0) {
        memcpy(framed + 1, copy, size);
    }
    hyson_config cfg = hyson_fuzz_config(0);
    hyson_tape a, b;
    hyson_tape_init(&a);
    hyson_tape_init(&b);
    for (size_t k = 0; k < hyson_kernel_count(); k++) {
        int whole = hyson_scan(copy, 0, size, &cfg, hyson_kernel_at(k), &a);
        int slice = hyson_scan(framed, 1, size + 1, &cfg, hyson_kernel_at(k), &b);
        int same = whole == slice && (whole != HYSON_OK ? a.error_offset + 1 == b.error_offset : a.size == b.size);
        for (size_t i = 0; same && whole == HYSON_OK && i < a.size; i++) {
            int tag = (int)(a.entries[i] >> HYSON_TAG_SHIFT);
            same = a.entries[i] + 1 == b.entries[i];
            if (tag < HYSON_TAG_TRUE || tag > HYSON_TAG_NULL) {
                i++; /* the payload: counts, lengths, values and side-buffer starts do not move */
                same = same && i < a.size && a.entries[i] == b.entries[i];
            }
        }
        if (!same) {
            fprintf(stderr, "kernel %s: the input as a slice at offset 1 differs from it alone: rc %d vs %d\n",
                    hyson_kernel_at(k)->name, slice, whole);
            abort();
        }
    }
    hyson_tape_free(&a);
    hyson_tape_free(&b);
    free(framed);
    free(copy);
    return 0;
}
