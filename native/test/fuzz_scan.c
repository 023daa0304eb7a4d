/*
 * libFuzzer harness for the C entry point: every input is scanned by every kernel under several
 * option sets, whole and in windows (resumed scans), and as JSON Lines (hyson_scan_lines, in windows, against
 * each line scanned alone); any crash, sanitizer report or disagreement between kernels, between a
 * kernel's whole and windowed scans, or between a window of lines and its lines one by one, is a finding.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hyson/hyson.h"
#include "scan_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* an exact-size copy, so a read past the end is caught */
    uint8_t *copy = malloc(size > 0 ? size : 1);
    if (copy == NULL) {
        return 0;
    }
    if (size > 0) {
        memcpy(copy, data, size);
    }
    hyson_config cfg = hyson_default_config();
    hyson_check_windows(copy, size, &cfg, 1 + size % 17);
    cfg.flags = HYSON_ALLOW_COMMENTS | HYSON_ALLOW_TRAILING_COMMAS | HYSON_ALLOW_NON_FINITE_LITERALS |
                HYSON_ALLOW_INFINITY_FOR_OVERFLOW | (HYSON_SURROGATES_ERROR << HYSON_SURROGATES_SHIFT);
    hyson_check_windows(copy, size, &cfg, 1 + size % 17);
    cfg = hyson_default_config();
    cfg.flags |= HYSON_BIG_DECIMALS | (HYSON_SURROGATES_REPLACE << HYSON_SURROGATES_SHIFT);
    cfg.max_depth = 8;
    cfg.max_string_length = 16;
    cfg.max_number_length = 24;
    hyson_check_windows(copy, size, &cfg, 1 + size % 17);
    cfg.max_document_length = 40;
    hyson_check_lines(copy, size, &cfg, 1 + size % 61);
    cfg.flags |= HYSON_TEXT_LINES; /* Hadoop's text lines, as the Spark source reads them */
    hyson_check_lines(copy, size, &cfg, 1 + size % 29);
    free(copy);
    return 0;
}
