/*
 * libFuzzer harness for the multi-document call hyson_scan_lines: every input is read as JSON Lines
 * and as Hadoop text lines (HYSON_TEXT_LINES), by every kernel, in windows of pseudo-random sizes
 * (grown while no line ends in one), under several option sets and document limits. Each record must
 * match the line found independently and scanned alone by the scalar kernel (hyson_check_lines in
 * scan_check.h): the same bounds and line number, the same tape for a valid line, the same error code
 * and offset for an invalid one, no line left out.
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
    for (int which = 0; which < 3; which++) {
        hyson_config cfg = hyson_fuzz_config(which);
        if (which == 2) {
            cfg.max_document_length = 1 + (int64_t)(hyson_fuzz_next(&seed) % 64);
        }
        size_t window = hyson_fuzz_step(&seed);
        hyson_check_lines(copy, size, &cfg, window < size ? window : size + 1);
        cfg.flags |= HYSON_TEXT_LINES;
        window = hyson_fuzz_step(&seed);
        hyson_check_lines(copy, size, &cfg, window < size ? window : size + 1);
    }
    free(copy);
    return 0;
}
