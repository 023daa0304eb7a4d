/*
 * hyson's scan timed with no JVM, beside benchmarks/simdjson-ref/simdjson_ref.cpp and in its format:
 * for each file and kernel, load the file once, scan it WARMUP times untimed, then time RUNS single
 * scans (the tape reused, as the JNI glue reuses a thread's) and report the best and the median in
 * MB/s (10^6 bytes of input per second). The tape is what ScanBench measures: entries, numbers
 * converted, escaped strings decoded, other strings recorded as spans.
 *
 * Usage: bench_scan [-n RUNS] [-w WARMUP] [-k KERNEL] [-o OFFSET] [-s] FILE...   (every kernel of this CPU
 * by default; -o places the document OFFSET bytes (0..63) past a 64-byte boundary, as a Java byte[] is:
 * the JVM aligns arrays to 8 bytes only; -s times the single pass, which windowed and event scans use,
 * by allowing comments, which sends a whole-document scan there)
 * Built with the C tests (not run by CTest): build/native/bench_scan, from a Release build without
 * HYSON_SANITIZE; perf record -g on it gives the breakdown by stage when built with
 * -DHYSON_PROFILE_STAGES=ON (the stages kept out of line).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hyson/hyson.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a;
    double y = *(const double *)b;
    return x < y ? -1 : x > y ? 1 : 0;
}

static uint8_t *load(const char *path, size_t offset, size_t *length) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) != 0) {
        fclose(f);
        return NULL;
    }
    long n = ftell(f);
    if (n < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    /* 64-byte aligned plus offset (the JNI glue's own input buffers are aligned; Java arrays are not) */
    uint8_t *buf = aligned_alloc(64, ((size_t)n + offset + 64) & ~(size_t)63);
    if (buf == NULL || fread(buf + offset, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    *length = (size_t)n;
    return buf;  /* the document starts at buf + offset */
}

int main(int argc, char **argv) {
    int runs = 200;
    int warmup = 50;
    const char *only = NULL;
    int offset = 0;
    int single = 0;
    int first_file = argc;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            runs = atoi(argv[++i]);
        } else if (strcmp(argv[i], "-w") == 0 && i + 1 < argc) {
            warmup = atoi(argv[++i]);
        } else if (strcmp(argv[i], "-k") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            offset = atoi(argv[++i]);
        } else if (strcmp(argv[i], "-s") == 0) {
            single = 1;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: %s [-n RUNS] [-w WARMUP] [-k KERNEL] [-o OFFSET] [-s] FILE...\n", argv[0]);
            return 2;
        } else {
            first_file = i;
            break;
        }
    }
    if (first_file >= argc || runs < 1 || warmup < 0 || offset < 0 || offset > 63) {
        fprintf(stderr, "usage: %s [-n RUNS] [-w WARMUP] [-k KERNEL] [-o OFFSET] [-s] FILE...\n", argv[0]);
        return 2;
    }
    if (only != NULL && hyson_kernel_named(only) == NULL) {
        fprintf(stderr, "no kernel %s on this CPU\n", only);
        return 2;
    }
    printf("hyson scan, best and median of %d scans after %d warm-up scans, documents at 64*k+%d\n", runs, warmup, offset);
    printf("%-24s %-8s %12s %12s %12s %10s\n", "file", "kernel", "bytes", "best MB/s", "median MB/s", "entries");
    hyson_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.max_string_length = 20000000;
    cfg.max_document_length = (int64_t)1 << 30;
    cfg.max_depth = 1000;
    cfg.max_number_length = 1000;
    if (single) {
        cfg.flags |= HYSON_ALLOW_COMMENTS;
    }
    hyson_tape tape;
    hyson_tape_init(&tape);
    double *seconds = malloc(sizeof(double) * (size_t)runs);
    if (seconds == NULL) {
        return 1;
    }
    int status = 0;
    for (int f = first_file; f < argc; f++) {
        size_t n = 0;
        uint8_t *buf = load(argv[f], (size_t)offset, &n);
        if (buf == NULL) {
            fprintf(stderr, "%s: cannot load\n", argv[f]);
            status = 1;
            continue;
        }
        const uint8_t *src = buf + offset;
        const char *name = strrchr(argv[f], '/');
        name = name ? name + 1 : argv[f];
        for (size_t k = 0; k < hyson_kernel_count(); k++) {
            const hyson_kernel *kernel = hyson_kernel_at(k);
            if (only != NULL && strcmp(kernel->name, only) != 0) {
                continue;
            }
            int rc = hyson_scan(src, 0, n, &cfg, kernel, &tape);
            if (rc != HYSON_OK) {
                fprintf(stderr, "%s: error %d at %lld\n", argv[f], rc, (long long)tape.error_offset);
                status = 1;
                break;
            }
            for (int i = 0; i < warmup; i++) {
                hyson_scan(src, 0, n, &cfg, kernel, &tape);
            }
            for (int i = 0; i < runs; i++) {
                double t0 = now();
                hyson_scan(src, 0, n, &cfg, kernel, &tape);
                seconds[i] = now() - t0;
            }
            qsort(seconds, (size_t)runs, sizeof(double), by_value);
            double mb = (double)n / 1e6;
            printf("%-24s %-8s %12zu %12.0f %12.0f %10zu\n", name, kernel->name, n, mb / seconds[0], mb / seconds[runs / 2],
                   tape.size);
        }
        free(buf);
    }
    free(seconds);
    hyson_tape_free(&tape);
    return status;
}
