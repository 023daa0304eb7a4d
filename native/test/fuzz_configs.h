/*
 * The option sets the fuzz harnesses scan every input under: the defaults, every permissive option,
 * and tight limits with big decimals, so each error path and each tape form is reached.
 */
#ifndef HYSON_FUZZ_CONFIGS_H
#define HYSON_FUZZ_CONFIGS_H

#include <stdio.h>

#include "hyson/hyson.h"
#include "scan_check.h"

#define HYSON_FUZZ_CONFIGS 4

/* Prints the kernels compared, once per process (fuzz/run-native.sh reports the line). */
static inline void hyson_fuzz_announce(void) {
    static int done;
    if (!done) {
        done = 1;
        fprintf(stderr, "kernels:");
        for (size_t k = 0; k < hyson_kernel_count(); k++) {
            fprintf(stderr, " %s", hyson_kernel_at(k)->name);
        }
        fprintf(stderr, "\n");
    }
}

static inline hyson_config hyson_fuzz_config(int which) {
    hyson_config cfg = hyson_default_config();
    switch (which) {
        case 0:
            break;
        case 1:
            cfg.flags = HYSON_ALLOW_COMMENTS | HYSON_ALLOW_TRAILING_COMMAS | HYSON_ALLOW_NON_FINITE_LITERALS |
                        HYSON_ALLOW_INFINITY_FOR_OVERFLOW | (HYSON_SURROGATES_ERROR << HYSON_SURROGATES_SHIFT);
            break;
        case 2:
            cfg.flags |= HYSON_BIG_DECIMALS | (HYSON_SURROGATES_REPLACE << HYSON_SURROGATES_SHIFT);
            cfg.max_depth = 8;
            cfg.max_string_length = 16;
            cfg.max_number_length = 24;
            break;
        default:
            cfg.flags = HYSON_ALLOW_TRAILING_COMMAS; /* no byte order mark */
            cfg.max_depth = 1;
            cfg.max_document_length = 200;
            break;
    }
    return cfg;
}

#endif
