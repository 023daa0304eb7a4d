/*
 * libFuzzer harness for in-place windowed scans (HYSON_IN_PLACE), as the Java event scan over a byte
 * array calls hyson_scan_window: the windows are views [resume, end) of one input that stays (origin 0),
 * cut at pseudo-random points, and span entries point into that input instead of being copied. Each
 * window is handed over as an exact-size copy of the input's first 'end' bytes, so a read past the
 * window is a sanitizer finding. Every kernel, under each option set of fuzz_configs.h, must write the
 * scalar kernel's whole-document tape entry for entry (nothing in spans), and as an event tape
 * (HYSON_EVENTS | HYSON_IN_PLACE) the same entries, checked after every window, or give the same
 * error code at the same offset.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_configs.h"
#include "fuzz_cuts.h"
#include "hyson/hyson.h"
#include "scan_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
        hyson_check_cuts(copy, size, &cfg, HYSON_IN_PLACE, seed + (uint64_t)which, ref_rc, &ref);
        hyson_tape_free(&ref);
    }
    free(copy);
    return 0;
}
