/*
 * Kernel choice by measurement. dispatch.c lists the kernels a CPU supports in capability order
 * (widest first); a wider kernel is not always the faster one (on AMD Zen 4 hyson's AVX-512 kernel
 * scans 4-10% slower than its AVX2 kernel: benchmarks/README.md, "Kernel choice"). So on first use
 * the kernels are ranked by timing each on a calibration document built here: about 40 KiB of
 * objects with plain ASCII strings of various lengths (some non-ASCII), escapes, integers,
 * decimals and literals, half of it pretty-printed and half compact. Each kernel scans it seven times, interleaved with the others,
 * and keeps its best time. Capability order breaks ties: a kernel ranks above one listed before it
 * only when it is more than 2% faster. The whole calibration takes about a millisecond; it runs
 * once per process (pthread_once), and hyson_kernel_choice() says what it measured.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hyson/hyson.h"

#define HYSON_MAX_KERNELS 8
#define HYSON_CALIBRATION_ROUNDS 7
#define HYSON_CALIBRATION_RECORDS 192
#define HYSON_TIE 1.02

static const hyson_kernel *hyson_ranked[HYSON_MAX_KERNELS];
static size_t hyson_ranked_total;
static char hyson_choice[512];
static pthread_once_t hyson_calibrated = PTHREAD_ONCE_INIT;

static double hyson_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/*
 * Appends record k of the calibration document to buf at n (pretty-printed for even k) and returns
 * the new length, or cap when it does not fit. Most strings are plain ASCII of various lengths; one
 * record in eight has non-ASCII text, and every text has an escape.
 */
static size_t hyson_calibration_record(char *buf, size_t cap, size_t n, int k) {
    const char *nl = (k & 1) ? "" : "\n    ";
    const char *sp = (k & 1) ? "" : " ";
    const char *text = (k % 8 == 0) ? "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac \xe3\x81\x82\xe3\x82\x8a\xe3\x81\x8c\xe3\x81\xa8\xe3\x81\x86"
                                    : (k % 3 == 0) ? "a status of some length, as posts and descriptions are, with a link to https://example.com/a/b"
                                                   : "short text";
    int w = snprintf(buf + n, cap - n,
                     "%s{%s\"id\":%s%d,%s\"screen_name\":%s\"user_%d\",%s\"text\":%s\"%s, number %d\\n\",%s\"score\":%s%d.%03d,"
                     "%s\"ratio\":%s-%d.5e-3,%s\"tags\":%s[\"a\",%s\"bc\",%s\"def\"],%s\"verified\":%s%s,%s\"reply\":%snull%s}",
                     k == 0 ? "" : ",", nl, sp, 100000 + k * 7919, nl, sp, k, nl, sp, text, k, nl, sp, k * 13, k % 1000, nl, sp,
                     k % 97, nl, sp, sp, sp, nl, sp, (k % 3) ? "true" : "false", nl, sp, (k & 1) ? "" : "\n  ");
    return w < 0 || (size_t)w >= cap - n ? cap : n + (size_t)w;
}

/* Ranks the kernels; on any failure (no memory, a scan error) keeps capability order and says why. */
static void hyson_calibrate(void) {
    size_t total = hyson_kernel_count();
    if (total > HYSON_MAX_KERNELS) {
        total = HYSON_MAX_KERNELS;
    }
    for (size_t i = 0; i < total; i++) {
        hyson_ranked[i] = hyson_kernel_at(i);
    }
    hyson_ranked_total = total;
    if (total < 2) {
        snprintf(hyson_choice, sizeof hyson_choice, "%s: the only kernel for this CPU", total ? hyson_ranked[0]->name : "none");
        return;
    }
    size_t cap = 64 * 1024;
    char *doc = malloc(cap);
    if (doc == NULL) {
        snprintf(hyson_choice, sizeof hyson_choice, "%s: capability order (no memory to calibrate)", hyson_ranked[0]->name);
        return;
    }
    size_t n = 0;
    doc[n++] = '[';
    for (int k = 0; k < HYSON_CALIBRATION_RECORDS && n < cap; k++) {
        n = hyson_calibration_record(doc, cap, n, k);
    }
    if (n + 1 >= cap) {
        free(doc);
        snprintf(hyson_choice, sizeof hyson_choice, "%s: capability order (calibration document too large)", hyson_ranked[0]->name);
        return;
    }
    doc[n++] = ']';
    hyson_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.max_string_length = 1 << 20;
    cfg.max_document_length = 1 << 20;
    cfg.max_depth = 64;
    cfg.max_number_length = 64;
    hyson_tape tape;
    hyson_tape_init(&tape);
    double best[HYSON_MAX_KERNELS];
    int failed = 0;
    for (size_t i = 0; i < total; i++) {
        best[i] = 1e30;
    }
    for (int round = 0; round < HYSON_CALIBRATION_ROUNDS && !failed; round++) {
        for (size_t i = 0; i < total; i++) {
            double t0 = hyson_now();
            int rc = hyson_scan((const uint8_t *)doc, 0, n, &cfg, hyson_kernel_at(i), &tape);
            double t = hyson_now() - t0;
            if (rc != HYSON_OK) {
                failed = 1;
                break;
            }
            if (t < best[i]) {
                best[i] = t;
            }
        }
    }
    hyson_tape_free(&tape);
    free(doc);
    if (failed) {
        snprintf(hyson_choice, sizeof hyson_choice, "%s: capability order (the calibration document did not scan)",
                 hyson_ranked[0]->name);
        return;
    }
    /* rank: repeatedly the first remaining kernel (capability order) within HYSON_TIE of the fastest remaining */
    int taken[HYSON_MAX_KERNELS] = {0};
    for (size_t r = 0; r < total; r++) {
        double fastest = 1e30;
        for (size_t i = 0; i < total; i++) {
            if (!taken[i] && best[i] < fastest) {
                fastest = best[i];
            }
        }
        for (size_t i = 0; i < total; i++) {
            if (!taken[i] && best[i] <= fastest * HYSON_TIE) {
                taken[i] = 1;
                hyson_ranked[r] = hyson_kernel_at(i);
                break;
            }
        }
    }
    int w = snprintf(hyson_choice, sizeof hyson_choice, "%s: fastest on a %zu-byte calibration document at load (best of %d:",
                     hyson_ranked[0]->name, n, HYSON_CALIBRATION_ROUNDS);
    for (size_t r = 0; r < total && w > 0 && (size_t)w < sizeof hyson_choice; r++) {
        size_t i = 0;
        while (hyson_kernel_at(i) != hyson_ranked[r]) {
            i++;
        }
        w += snprintf(hyson_choice + w, sizeof hyson_choice - (size_t)w, "%s %s %.1f us", r == 0 ? "" : ",", hyson_ranked[r]->name,
                      best[i] * 1e6);
    }
    if (w > 0 && (size_t)w < sizeof hyson_choice) {
        snprintf(hyson_choice + w, sizeof hyson_choice - (size_t)w, ")");
    }
}

const hyson_kernel *hyson_kernel_best(void) {
    pthread_once(&hyson_calibrated, hyson_calibrate);
    return hyson_ranked_total ? hyson_ranked[0] : NULL;
}

const hyson_kernel *hyson_kernel_ranked(size_t index) {
    pthread_once(&hyson_calibrated, hyson_calibrate);
    return index < hyson_ranked_total ? hyson_ranked[index] : NULL;
}

const char *hyson_kernel_choice(void) {
    pthread_once(&hyson_calibrated, hyson_calibrate);
    return hyson_choice;
}
