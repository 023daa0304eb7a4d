/*
 * A standalone driver for the fuzz harnesses where libFuzzer is not available (gcc, or a cross build
 * run under QEMU), linked with any one of them (fuzz_<harness>_driver): every seed from the shared
 * conformance files and small corpus and from each extra folder (the regression corpus) as it is, then
 * seeded random mutations (byte flips, inserts of JSON tokens, truncations, splices) for a bounded
 * time; 0 seconds replays the seeds only, as libFuzzer's -runs=0 does.
 * Usage: fuzz_<harness>_driver SECONDS [SHARED|- [FOLDER...]]
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_SEEDS 4096
#define MAX_LEN 4096

static uint8_t *seeds[MAX_SEEDS];
static size_t seed_sizes[MAX_SEEDS];
static size_t seed_count;
static uint64_t rng = 0x9E3779B97F4A7C15ULL;

static uint64_t next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void add_seed(const uint8_t *data, size_t size) {
    if (seed_count < MAX_SEEDS && size <= MAX_LEN) {
        seeds[seed_count] = malloc(size > 0 ? size : 1);
        memcpy(seeds[seed_count], data, size);
        seed_sizes[seed_count++] = size;
    }
}

static void load_dir(const char *dir) {
    DIR *d = opendir(dir);
    if (d == NULL) {
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        if (f == NULL) {
            continue;
        }
        uint8_t buf[MAX_LEN];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        add_seed(buf, n);
    }
    closedir(d);
}

static const char *tokens[] = {"{", "}", "[", "]", ":", ",", "\"", "\\", "\\u", "\\uD800", "\\uDC00", "true",
                               "null", "NaN", "-Infinity", "1e400", "-0.0", "0.1", "12345678901234567890123",
                               "/*", "*/", "//", "\n", "\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80", "\xed\xa0\x80",
                               "\xef\xbb\xbf", "\x01", "\x80"};

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 10;
    if (argc > 2 && strcmp(argv[2], "-") != 0) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/conformance/jsontestsuite/test_parsing", argv[2]);
        load_dir(dir);
        snprintf(dir, sizeof dir, "%s/corpus/small", argv[2]);
        load_dir(dir);
    }
    for (int a = 3; a < argc; a++) {
        load_dir(argv[a]);
    }
    add_seed((const uint8_t *)"{\"a\":[1,2.5,\"x\\u00e9\",true,null]}", 33);
    for (size_t s = 0; s < seed_count; s++) {
        LLVMFuzzerTestOneInput(seeds[s], seed_sizes[s]);
    }
    if (seconds <= 0) {
        printf("fuzz: %zu seeds replayed, no finding\n", seed_count);
        printf("1 passed, 0 failed\n");
        return 0;
    }
    uint8_t buf[MAX_LEN];
    struct timespec t0, now;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    unsigned long runs = 0;
    for (;;) {
        const size_t s = (size_t)(next() % seed_count);
        size_t n = seed_sizes[s];
        memcpy(buf, seeds[s], n);
        int edits = 1 + (int)(next() % 8);
        for (int k = 0; k < edits; k++) {
            switch (next() % 5) {
                case 0: /* flip a byte */
                    if (n > 0) {
                        buf[next() % n] = (uint8_t)next();
                    }
                    break;
                case 1: { /* insert a token */
                    const char *tok = tokens[next() % (sizeof tokens / sizeof *tokens)];
                    size_t tl = strlen(tok);
                    if (n + tl <= MAX_LEN) {
                        size_t at = n > 0 ? (size_t)(next() % (n + 1)) : 0;
                        memmove(buf + at + tl, buf + at, n - at);
                        memcpy(buf + at, tok, tl);
                        n += tl;
                    }
                    break;
                }
                case 2: /* truncate */
                    if (n > 0) {
                        n = (size_t)(next() % n);
                    }
                    break;
                case 3: { /* delete a range */
                    if (n > 1) {
                        size_t at = (size_t)(next() % n);
                        size_t len = 1 + (size_t)(next() % (n - at));
                        memmove(buf + at, buf + at + len, n - at - len);
                        n -= len;
                    }
                    break;
                }
                default: { /* splice another seed's prefix */
                    const size_t o = (size_t)(next() % seed_count);
                    size_t take = seed_sizes[o] > 0 ? (size_t)(next() % seed_sizes[o]) : 0;
                    if (n + take <= MAX_LEN) {
                        memcpy(buf + n, seeds[o], take);
                        n += take;
                    }
                }
            }
        }
        LLVMFuzzerTestOneInput(buf, n);
        runs++;
        if ((runs & 1023) == 0) {
            clock_gettime(CLOCK_MONOTONIC, &now);
            double elapsed = (double)(now.tv_sec - t0.tv_sec) + (double)(now.tv_nsec - t0.tv_nsec) / 1e9;
            if (elapsed >= seconds) {
                printf("fuzz: %lu inputs in %.0f s, no finding\n", runs, elapsed);
                printf("1 passed, 0 failed\n");
                return 0;
            }
        }
    }
}
