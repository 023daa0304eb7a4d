/*
 * CPU detection and the kernel table, best first, per architecture. On x86-64 the kernels are
 * chosen once at load time from what the CPU reports (__builtin_cpu_supports), so one library built
 * without -march runs on any x86-64; on AArch64 NEON is part of the base architecture and always
 * comes first; anywhere else only the portable scalar kernel exists. cmake/HysonKernels.cmake
 * compiles the same per-architecture list of kernel files.
 */
#include <string.h>

#include "hyson/hyson.h"

hyson_scan_fn hyson_scan_scalar_fn(void);
hyson_window_fn hyson_scan_scalar_window_fn(void);
#if defined(__x86_64__) || defined(_M_X64)
hyson_scan_fn hyson_scan_sse2_fn(void);
hyson_scan_fn hyson_scan_avx2_fn(void);
hyson_scan_fn hyson_scan_avx512_fn(void);
hyson_window_fn hyson_scan_sse2_window_fn(void);
hyson_window_fn hyson_scan_avx2_window_fn(void);
hyson_window_fn hyson_scan_avx512_window_fn(void);
#elif defined(__aarch64__)
hyson_scan_fn hyson_scan_neon_fn(void);
hyson_window_fn hyson_scan_neon_window_fn(void);
#endif

#if defined(__x86_64__) || defined(_M_X64)
#include <cpuid.h>

/* CPUID leaf 1, ECX bit 1 (__builtin_cpu_supports has no name for it in every compiler). */
static int hyson_cpu_has_pclmul(void) {
    unsigned eax, ebx, ecx, edx;
    return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_PCLMUL) != 0;
}
#endif

static hyson_kernel hyson_kernels[4];
static size_t hyson_kernel_total;

static void hyson_add(const char *name, hyson_scan_fn fn, hyson_window_fn window) {
    if (fn != 0 && window != 0) {
        hyson_kernels[hyson_kernel_total].name = name;
        hyson_kernels[hyson_kernel_total].scan = fn;
        hyson_kernels[hyson_kernel_total].scan_window = window;
        hyson_kernel_total++;
    }
}

/* Runs when the library is loaded, before any other call can be made. */
__attribute__((constructor)) static void hyson_detect(void) {
    hyson_kernel_total = 0;
#if defined(__x86_64__) || defined(_M_X64)
    __builtin_cpu_init();
    /* the AVX2 and AVX-512 kernels also take their stage 1's prefix XOR from PCLMULQDQ, which every
       CPU with AVX2 has; checked all the same */
    int pclmul = hyson_cpu_has_pclmul();
    /* AVX-512 with VBMI's byte permutes and VBMI2's byte compress (Ice Lake, Zen 4 and later): Skylake-SP's
       AVX-512 lacks them and lowers the clock for 512-bit work, and gets the AVX2 kernel */
    if (pclmul && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2")) {
        hyson_add("avx512", hyson_scan_avx512_fn(), hyson_scan_avx512_window_fn());
    }
    if (pclmul && __builtin_cpu_supports("avx2")) {
        hyson_add("avx2", hyson_scan_avx2_fn(), hyson_scan_avx2_window_fn());
    }
    hyson_add("sse2", hyson_scan_sse2_fn(), hyson_scan_sse2_window_fn());
#elif defined(__aarch64__)
    hyson_add("neon", hyson_scan_neon_fn(), hyson_scan_neon_window_fn());
#endif
    hyson_add("scalar", hyson_scan_scalar_fn(), hyson_scan_scalar_window_fn());
}

size_t hyson_kernel_count(void) {
    return hyson_kernel_total;
}

const hyson_kernel *hyson_kernel_at(size_t index) {
    return index < hyson_kernel_total ? &hyson_kernels[index] : NULL;
}

const hyson_kernel *hyson_kernel_named(const char *name) {
    for (size_t i = 0; i < hyson_kernel_total; i++) {
        if (strcmp(hyson_kernels[i].name, name) == 0) {
            return &hyson_kernels[i];
        }
    }
    return NULL;
}

int hyson_scan(const uint8_t *src, size_t start, size_t end, const hyson_config *config, const hyson_kernel *kernel,
               hyson_tape *tape) {
    return kernel->scan(src, start, end, config, tape);
}

int hyson_scan_window(const uint8_t *src, size_t start, size_t end, int last, const hyson_config *config,
                      const hyson_kernel *kernel, hyson_tape *tape) {
    return kernel->scan_window(src, start, end, last, config, tape);
}
