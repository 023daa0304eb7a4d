/*
 * libFuzzer harness for the windowed scan (hyson_scan_window) as streams call it: every input, under
 * each option set of fuzz_configs.h, is scanned by every kernel in windows cut at pseudo-random points
 * (seeded by a hash of the input, so a finding replays), each window an exact-size copy of the bytes
 * from where the last window asked to resume. Both tape forms are checked against the scalar kernel's
 * whole-document scan: the whole tape at the end (span bytes copied to spans), and the event tape
 * (HYSON_EVENTS) entry by entry after every window, before hyson_window_take empties it. Also the
 * fixed-size windows that grow as dev.hyson.internal.scan.StreamScan's do (scan_check.h).
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
        hyson_check_cuts(copy, size, &cfg, 0, seed + (uint64_t)which, ref_rc, &ref);
        if (which < 2) {
            size_t window = 1 + (size_t)(seed >> 40) % 17;
            for (size_t k = 0; k < hyson_kernel_count(); k++) {
                hyson_check_windowed(copy, size, &cfg, hyson_kernel_at(k), window, ref_rc, &ref);
                hyson_check_events(copy, size, &cfg, hyson_kernel_at(k), window, ref_rc, &ref);
            }
        }
        hyson_tape_free(&ref);
    }
    free(copy);
    return 0;
}
