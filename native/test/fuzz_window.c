/*
 * libFuzzer harness for the windowed scan (hyson_scan_window) as streams call it: every input, under
 * each option set of fuzz_configs.h, is scanned by every kernel in windows cut at pseudo-random points
 * (seeded by a hash of the input, so a finding replays), each window an exact-size copy of the bytes
 * from where the last window asked to resume. Both tape forms are checked against the scalar kernel's
 * whole-document scan: the whole tape at the end (span bytes copied to spans), and the event tape
 * (HYSON_EVENTS) entry by entry after every window, before hyson_window_take empties it. Also the
 * fixed-size windows that grow as dev.hyson.internal.scan.StreamScan's do (scan_check.h), and the input
 * deep inside a document over 4 KiB in windows of 4 to 8 KiB, which the SIMD kernels take in two stages.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_configs.h"
#include "fuzz_cuts.h"
#include "hyson/hyson.h"
#include "scan_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The input inside a document over 4 KiB, at depth 2 after 4.4 KB of values, so that the SIMD kernels'
 * windows of 4 KiB and more take it in two stages (stage 1 and the walk, tape_walk_impl.h) whatever it
 * holds: "[{"k":[" + 60 values + input + "]}]". Returns NULL when memory is short.
 */
static uint8_t *hyson_fuzz_padded(const uint8_t *data, size_t size, size_t *padded_size) {
    static const char value[] = "{\"id\":12345,\"x\":-1.25e3,\"s\":\"caf\xC3\xA9 \\n\",\"t\":[true,null,0.5]},";
    static const char open[] = "[{\"k\":[";
    static const char close[] = "]}]";
    size_t n = (sizeof open - 1) + 60 * (sizeof value - 1) + size + (sizeof close - 1);
    uint8_t *out = malloc(n);
    if (out == NULL) {
        return NULL;
    }
    size_t at = 0;
    memcpy(out, open, sizeof open - 1);
    at += sizeof open - 1;
    for (int i = 0; i < 60; i++) {
        memcpy(out + at, value, sizeof value - 1);
        at += sizeof value - 1;
    }
    if (size > 0) {
        memcpy(out + at, data, size);
    }
    at += size;
    memcpy(out + at, close, sizeof close - 1);
    *padded_size = n;
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hyson_fuzz_announce();
    uint8_t *copy = hyson_fuzz_copy(data, size);
    if (copy == NULL) {
        return 0;
    }
    uint64_t seed = hyson_fuzz_hash(copy, size);
    const hyson_kernel *scalar = hyson_kernel_at(hyson_kernel_count() - 1);
    for (int which = 0; which < HYSON_FUZZ_CONFIGS; which++) {
        hyson_config cfg = hyson_fuzz_config(which);
        hyson_tape ref;
        hyson_tape_init(&ref);
        int ref_rc = hyson_scan(copy, 0, size, &cfg, scalar, &ref);
        hyson_check_cuts(copy, size, &cfg, 0, seed + (uint64_t)which, ref_rc, &ref);
        if (which < 2) {
            size_t window = 1 + (size_t)(seed >> 40) % 17;
            for (size_t k = 0; k < hyson_kernel_count(); k++) {
                hyson_check_windowed(copy, size, &cfg, hyson_kernel_at(k), window, ref_rc, &ref);
                hyson_check_events(copy, size, &cfg, hyson_kernel_at(k), window, ref_rc, &ref);
            }
        }
        hyson_tape_free(&ref);
        if (which < 2) {
            /* the input deep in a large document, in windows of 4 KiB to 8 KiB (two stages each) */
            size_t padded_size = 0;
            uint8_t *padded = hyson_fuzz_padded(copy, size, &padded_size);
            if (padded != NULL) {
                hyson_tape_init(&ref);
                ref_rc = hyson_scan(padded, 0, padded_size, &cfg, scalar, &ref);
                size_t window = 4096 + (size_t)(seed >> 20) % 4096;
                for (size_t k = 0; k < hyson_kernel_count(); k++) {
                    hyson_check_windowed(padded, padded_size, &cfg, hyson_kernel_at(k), window, ref_rc, &ref);
                    hyson_check_events(padded, padded_size, &cfg, hyson_kernel_at(k), window, ref_rc, &ref);
                }
                hyson_tape_free(&ref);
                free(padded);
            }
        }
    }
    free(copy);
    return 0;
}
