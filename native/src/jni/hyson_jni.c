/*
 * JNI glue for dev.hyson.internal.scan.NativeScanner: argument marshalling only, no parsing logic.
 *
 * One call per document, or per window of JSON Lines (scanLines0: every line of the window in one call).
 * On JDK 24 and later (JNI version 24), inputs up to HYSON_CRITICAL_LIMIT bytes are scanned in place
 * inside a GetPrimitiveArrayCritical region (no JNI call inside it); larger inputs, and every input on
 * older JDKs, are first copied into the context's buffer with GetByteArrayRegion. Before JDK 22 (G1)
 * and 23 (Serial, Parallel) a critical region holds the GC locker, and threads that keep entering
 * critical regions starve the collector until an allocation gives up with OutOfMemoryError
 * ("Retried waiting for GCLocker too often", JDK-8192647): the 16-thread stress run (StressMain, JDK
 * 17, -Xmx1g) hit it within minutes, and still did with one thread at a time in a region. JNI reports
 * no version between 21 and 24, so 22 and 23 copy too. The tape is then copied into the
 * caller's Java arrays; when they are too small the call says so and the caller grows them and
 * calls copyOut0 (grow and resume: nothing is scanned twice).
 */
#include <jni.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dev_hyson_internal_scan_NativeScanner.h"
#include "hyson/hyson.h"

#define HYSON_CRITICAL_LIMIT (1u << 20)

/* Whether to scan in place in a critical region (see above): -1 until the first call asks the JVM. */
static atomic_int hyson_critical_ok = -1;
#define HYSON_JNI_VERSION_24 0x00180000
/* Buffers above these sizes are released after a document instead of being kept for the next. */
#define HYSON_RETAIN_ENTRIES (1u << 20)
#define HYSON_RETAIN_INPUT (1u << 22)

typedef struct hyson_context {
    hyson_tape tape;
    hyson_lines lines; /* scanLines0's records and per-line scratch tape */
    uint8_t *input;
    size_t input_capacity;
    uint64_t newlines; /* info's NEWLINES and TAIL slots: the last JSON Lines scan's line feeds consumed, or */
    uint64_t tail;     /* hyson_count_lines of the bytes the last window's scan consumed */
} hyson_context;

static void hyson_context_trim(hyson_context *ctx) {
    if (ctx->tape.capacity > HYSON_RETAIN_ENTRIES || ctx->tape.latin1_capacity > HYSON_RETAIN_INPUT ||
        ctx->tape.spans_capacity > HYSON_RETAIN_INPUT ||
        ctx->tape.utf16_capacity > HYSON_RETAIN_INPUT || ctx->tape.index_capacity > HYSON_RETAIN_INPUT ||
        ctx->tape.stack_capacity > 4096) {
        hyson_tape_free(&ctx->tape);
    }
    if (ctx->lines.capacity > HYSON_RETAIN_ENTRIES / HYSON_LINE_FIELDS || ctx->lines.scratch.capacity > HYSON_RETAIN_ENTRIES ||
        ctx->lines.scratch.latin1_capacity > HYSON_RETAIN_INPUT || ctx->lines.scratch.utf16_capacity > HYSON_RETAIN_INPUT ||
        ctx->lines.scratch.index_capacity > HYSON_RETAIN_INPUT || ctx->lines.scratch.stack_capacity > 4096) {
        hyson_lines_free(&ctx->lines);
    }
    if (ctx->input_capacity > HYSON_RETAIN_INPUT) {
        free(ctx->input);
        ctx->input = NULL;
        ctx->input_capacity = 0;
    }
}

JNIEXPORT jint JNICALL Java_dev_hyson_internal_scan_NativeScanner_abiVersion0(JNIEnv *env, jclass cls) {
    (void)env;
    (void)cls;
    return HYSON_ABI_VERSION;
}

JNIEXPORT jobjectArray JNICALL Java_dev_hyson_internal_scan_NativeScanner_kernels0(JNIEnv *env, jclass cls) {
    (void)cls;
    jclass string = (*env)->FindClass(env, "java/lang/String");
    if (string == NULL) {
        return NULL;
    }
    size_t n = hyson_kernel_count();
    jobjectArray names = (*env)->NewObjectArray(env, (jsize)n, string, NULL);
    if (names == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        jstring name = (*env)->NewStringUTF(env, hyson_kernel_ranked(i)->name);
        if (name == NULL) {
            return NULL;
        }
        (*env)->SetObjectArrayElement(env, names, (jsize)i, name);
        (*env)->DeleteLocalRef(env, name);
    }
    return names;
}

/* Why the first of kernels0() is first: what the calibration measured (src/calibrate.c). */
JNIEXPORT jstring JNICALL Java_dev_hyson_internal_scan_NativeScanner_kernelChoice0(JNIEnv *env, jclass cls) {
    (void)cls;
    return (*env)->NewStringUTF(env, hyson_kernel_choice());
}

JNIEXPORT jlong JNICALL Java_dev_hyson_internal_scan_NativeScanner_open0(JNIEnv *env, jclass cls) {
    (void)env;
    (void)cls;
    hyson_context *ctx = calloc(1, sizeof *ctx);
    if (ctx != NULL) {
        hyson_tape_init(&ctx->tape);
        hyson_lines_init(&ctx->lines);
    }
    return (jlong)(intptr_t)ctx;
}

JNIEXPORT void JNICALL Java_dev_hyson_internal_scan_NativeScanner_close0(JNIEnv *env, jclass cls, jlong handle) {
    (void)env;
    (void)cls;
    hyson_context *ctx = (hyson_context *)(intptr_t)handle;
    if (ctx != NULL) {
        hyson_tape_free(&ctx->tape);
        hyson_lines_free(&ctx->lines);
        free(ctx->input);
        free(ctx);
    }
}

/*
 * Copies the context's tape into the Java arrays when their lengths (as the caller states them: each
 * Set*ArrayRegion checks the real bounds, so a wrong length raises ArrayIndexOutOfBoundsException and
 * never writes outside an array) hold it; 0 when they are too small.
 */
static int hyson_copy_out_sized(JNIEnv *env, hyson_context *ctx, jlongArray tape, jint tape_length, jbyteArray latin1,
                                jint latin1_length, jcharArray utf16, jint utf16_length) {
    hyson_tape *t = &ctx->tape;
    if (tape_length < 0 || latin1_length < 0 || utf16_length < 0 || (size_t)tape_length < t->size ||
        (size_t)latin1_length < t->latin1_size || (size_t)utf16_length < t->utf16_size) {
        return 0;
    }
    if (t->size > 0) {
        (*env)->SetLongArrayRegion(env, tape, 0, (jsize)t->size, (const jlong *)t->entries);
    }
    if (t->latin1_size > 0) {
        (*env)->SetByteArrayRegion(env, latin1, 0, (jsize)t->latin1_size, (const jbyte *)t->latin1);
    }
    if (t->utf16_size > 0) {
        (*env)->SetCharArrayRegion(env, utf16, 0, (jsize)t->utf16_size, (const jchar *)t->utf16);
    }
    return 1;
}

static int hyson_copy_out(JNIEnv *env, hyson_context *ctx, jlongArray tape, jbyteArray latin1, jcharArray utf16) {
    return hyson_copy_out_sized(env, ctx, tape, (*env)->GetArrayLength(env, tape), latin1,
                                (*env)->GetArrayLength(env, latin1), utf16, (*env)->GetArrayLength(env, utf16));
}

/* What hyson_run runs. */
#define HYSON_RUN_DOCUMENT 0
#define HYSON_RUN_WINDOW 1
#define HYSON_RUN_LINES 2

static int hyson_run_mode(const uint8_t *bytes, size_t start, size_t end, int mode, int last, const hyson_config *cfg,
                          const hyson_kernel *kernel, hyson_context *ctx) {
    switch (mode) {
        case HYSON_RUN_WINDOW: {
            /* the bytes consumed are counted here, while they are at hand: the stream drops them next */
            int rc = hyson_scan_window(bytes, start, end, last, cfg, kernel, &ctx->tape);
            size_t consumed = rc == HYSON_MORE_INPUT ? (size_t)(ctx->tape.resume - cfg->origin) : end;
            ctx->newlines = 0;
            ctx->tail = 0;
            if ((rc == HYSON_OK || rc == HYSON_MORE_INPUT) && consumed >= start && consumed <= end) {
                hyson_count_lines(bytes + start, consumed - start, &ctx->newlines, &ctx->tail);
            }
            return rc;
        }
        case HYSON_RUN_LINES: {
            int rc = hyson_scan_lines(bytes, start, end, last, cfg, kernel, &ctx->tape, &ctx->lines);
            ctx->newlines = (uint64_t)ctx->lines.newlines;
            ctx->tail = 0;
            return rc;
        }
        default:
            return hyson_scan(bytes, start, end, cfg, kernel, &ctx->tape);
    }
}

/*
 * Runs the kernel's whole-document scan, window scan or JSON Lines scan (mode) over src[start, end) whose
 * src[0] is at offset base: in place inside a critical region up to HYSON_CRITICAL_LIMIT bytes on JDK
 * 24 and later, else from a copy in the context's buffer (see the top of this file).
 */
static int hyson_run(JNIEnv *env, hyson_context *ctx, const hyson_kernel *kernel, jbyteArray src, jint start,
                     jint end, int64_t base, hyson_config *cfg, int mode, int last) {
    size_t length = (size_t)(end - start);
    int rc;
    int critical = atomic_load_explicit(&hyson_critical_ok, memory_order_relaxed);
    if (critical < 0) {
        critical = (*env)->GetVersion(env) >= HYSON_JNI_VERSION_24;
        atomic_store_explicit(&hyson_critical_ok, critical, memory_order_relaxed);
    }
    if (critical && length <= HYSON_CRITICAL_LIMIT) {
        cfg->origin = base;
        uint8_t *bytes = (*env)->GetPrimitiveArrayCritical(env, src, NULL);
        if (bytes == NULL) {
            return HYSON_ERR_OUT_OF_MEMORY;
        }
        rc = hyson_run_mode(bytes, (size_t)start, (size_t)end, mode, last, cfg, kernel, ctx);
        (*env)->ReleasePrimitiveArrayCritical(env, src, bytes, JNI_ABORT);
        return rc;
    }
    if (ctx->input == NULL || ctx->input_capacity < length) {
        /* never 0: an empty input still has a buffer; 64-byte aligned (malloc's large blocks start 16
           bytes into a page), so the kernels' 64-byte loads of the copy never straddle a cache line */
        size_t capacity = length < 4096 ? 4096 : (length + 63) & ~(size_t)63;
        if (capacity < length) {
            return HYSON_ERR_OUT_OF_MEMORY;
        }
        uint8_t *p = aligned_alloc(64, capacity);
        if (p == NULL) {
            return HYSON_ERR_OUT_OF_MEMORY;
        }
        free(ctx->input);
        ctx->input = p;
        ctx->input_capacity = capacity;
    }
    (*env)->GetByteArrayRegion(env, src, start, (jsize)length, (jbyte *)ctx->input);
    cfg->origin = base + start;
    return hyson_run_mode(ctx->input, 0, length, mode, last, cfg, kernel, ctx);
}

static hyson_config hyson_make_config(jlong max_string_length, jlong max_document_length, jint max_depth,
                                      jint max_number_length, jint flags) {
    hyson_config c;
    c.max_string_length = max_string_length;
    c.max_document_length = max_document_length;
    c.max_depth = max_depth;
    c.max_number_length = max_number_length;
    c.flags = (uint32_t)flags;
    c.origin = 0;
    return c;
}

/* Fills info (HYSON_INFO_LENGTH slots) from the context's tape after a scan. */
static void hyson_fill_info(JNIEnv *env, const hyson_context *ctx, jlongArray info) {
    const hyson_tape *t = &ctx->tape;
    jlong slots[HYSON_INFO_LENGTH];
    slots[HYSON_INFO_TAPE_SIZE] = (jlong)t->size;
    slots[HYSON_INFO_LATIN1_SIZE] = (jlong)t->latin1_size;
    slots[HYSON_INFO_UTF16_SIZE] = (jlong)t->utf16_size;
    slots[HYSON_INFO_ERROR_OFFSET] = (jlong)t->error_offset;
    slots[HYSON_INFO_SPANS_SIZE] = (jlong)t->spans_size;
    slots[HYSON_INFO_RESUME] = (jlong)t->resume;
    slots[HYSON_INFO_LINES] = (jlong)ctx->lines.count;
    slots[HYSON_INFO_NEWLINES] = (jlong)ctx->newlines;
    slots[HYSON_INFO_TAIL] = (jlong)ctx->tail;
    (*env)->SetLongArrayRegion(env, info, 0, HYSON_INFO_LENGTH, slots);
}

/*
 * Whether the arguments every scan takes are sound; when not, the Java caller has a bug. (A short info
 * array needs no check here: SetLongArrayRegion raises ArrayIndexOutOfBoundsException for it.)
 */
static int hyson_arguments_valid(JNIEnv *env, const hyson_context *ctx, const hyson_kernel *kernel, jbyteArray src,
                                 jint start, jint end) {
    return ctx != NULL && kernel != NULL && start >= 0 && end >= start && end <= (*env)->GetArrayLength(env, src);
}

/* Copies scanLines0's records into the Java array when its length holds them; 0 when it is too small. */
static int hyson_copy_lines(JNIEnv *env, hyson_context *ctx, jlongArray records, jint records_length) {
    size_t n = ctx->lines.count * HYSON_LINE_FIELDS;
    if (records_length < 0 || (size_t)records_length < n) {
        return 0;
    }
    if (n > 0) {
        (*env)->SetLongArrayRegion(env, records, 0, (jsize)n, (const jlong *)ctx->lines.records);
    }
    return 1;
}

/*
 * scan0's and scanLines0's work: checks the arguments, scans (mode), fills info, and copies the tape
 * (and for JSON Lines the records) into the Java arrays, whose lengths come from Java (three
 * GetArrayLength calls fewer per call). Returns HYSON_OK, HYSON_ARRAYS_TOO_SMALL (the context keeps
 * what was scanned for the copy-out call), HYSON_ERR_BAD_ARGUMENT or the scan's error code.
 */
static jint hyson_scan_and_copy(JNIEnv *env, hyson_context *ctx, jint kernel_index, jbyteArray src, jint start, jint end,
                                int mode, int last, hyson_config cfg, jlongArray tape, jint tape_length, jbyteArray latin1,
                                jint latin1_length, jcharArray utf16, jint utf16_length, jlongArray records,
                                jint records_length, jlongArray info) {
    const hyson_kernel *kernel = hyson_kernel_ranked((size_t)kernel_index);
    if (!hyson_arguments_valid(env, ctx, kernel, src, start, end)) {
        return HYSON_ERR_BAD_ARGUMENT;
    }
    int rc = hyson_run(env, ctx, kernel, src, start, end, 0, &cfg, mode, last);
    if (mode == HYSON_RUN_LINES) {
        ctx->tape.resume = ctx->lines.consumed;
    }
    hyson_fill_info(env, ctx, info);
    /*
     * A document's buffers are trimmed after it, so one huge document pins no memory; a JSON Lines
     * context belongs to one stream's cursor and keeps them for the next window (freed with the cursor,
     * as its Java buffer is): re-growing and re-faulting tens of MB per long line cost more than the scan.
     */
    int keep = mode == HYSON_RUN_LINES;
    if (rc != HYSON_OK) {
        if (!keep) {
            hyson_context_trim(ctx);
        }
        return rc;
    }
    if (!hyson_copy_out_sized(env, ctx, tape, tape_length, latin1, latin1_length, utf16, utf16_length) ||
        (records != NULL && !hyson_copy_lines(env, ctx, records, records_length))) {
        return HYSON_ARRAYS_TOO_SMALL;
    }
    if (!keep) {
        hyson_context_trim(ctx);
    }
    return HYSON_OK;
}

/*
 * Returns HYSON_OK when the tape was scanned and copied; HYSON_ARRAYS_TOO_SMALL when it was scanned but
 * the Java arrays are too small (sizes in info, then call copyOut0); HYSON_ERR_BAD_ARGUMENT for a bad
 * handle, kernel or range; otherwise the (positive) error code, its offset in info.
 */
JNIEXPORT jint JNICALL Java_dev_hyson_internal_scan_NativeScanner_scan0(
    JNIEnv *env, jclass cls, jlong handle, jint kernel_index, jbyteArray src, jint start, jint end,
    jlong max_string_length, jlong max_document_length, jint max_depth, jint max_number_length, jint flags,
    jlongArray tape, jint tape_length, jbyteArray latin1, jint latin1_length, jcharArray utf16, jint utf16_length,
    jlongArray info) {
    (void)cls;
    return hyson_scan_and_copy(env, (hyson_context *)(intptr_t)handle, kernel_index, src, start, end, HYSON_RUN_DOCUMENT, 0,
                               hyson_make_config(max_string_length, max_document_length, max_depth, max_number_length, flags),
                               tape, tape_length, latin1, latin1_length, utf16, utf16_length, NULL, 0, info);
}

JNIEXPORT void JNICALL Java_dev_hyson_internal_scan_NativeScanner_copyOut0(JNIEnv *env, jclass cls, jlong handle,
                                                                          jlongArray tape, jbyteArray latin1,
                                                                          jcharArray utf16) {
    (void)cls;
    hyson_context *ctx = (hyson_context *)(intptr_t)handle;
    if (ctx != NULL) {
        hyson_copy_out(env, ctx, tape, latin1, utf16);
        hyson_context_trim(ctx);
    }
}

/*
 * One window src[start, end) of a stream whose byte src[0] is at stream offset base; first empties the
 * context's tape. Returns HYSON_OK when the document is complete and valid (sizes in info; then call
 * windowCopyOut0), HYSON_MORE_INPUT when more input is needed (info's HYSON_INFO_RESUME slot: the
 * absolute offset to resume at), HYSON_ERR_BAD_ARGUMENT for a bad handle, kernel or range, otherwise
 * the (positive) error code with its absolute offset in info.
 */
JNIEXPORT jint JNICALL Java_dev_hyson_internal_scan_NativeScanner_scanWindow0(
    JNIEnv *env, jclass cls, jlong handle, jint kernel_index, jbyteArray src, jint start, jint end, jboolean last,
    jlong base, jboolean first, jlong max_string_length, jlong max_document_length, jint max_depth,
    jint max_number_length, jint flags, jlongArray info) {
    (void)cls;
    hyson_context *ctx = (hyson_context *)(intptr_t)handle;
    const hyson_kernel *kernel = hyson_kernel_ranked((size_t)kernel_index);
    if (!hyson_arguments_valid(env, ctx, kernel, src, start, end) || base < 0) {
        return HYSON_ERR_BAD_ARGUMENT;
    }
    if (first) {
        hyson_window_begin(&ctx->tape);
    }
    hyson_config cfg = hyson_make_config(max_string_length, max_document_length, max_depth, max_number_length, flags);
    int rc = hyson_run(env, ctx, kernel, src, start, end, base, &cfg, HYSON_RUN_WINDOW, last ? 1 : 0);
    hyson_fill_info(env, ctx, info);
    if (rc > HYSON_OK) {
        hyson_context_trim(ctx);
    }
    return rc;
}

/* Copies a completed windowed tape into Java arrays the caller has sized from scanWindow0's info. */
JNIEXPORT jboolean JNICALL Java_dev_hyson_internal_scan_NativeScanner_windowCopyOut0(JNIEnv *env, jclass cls,
                                                                                   jlong handle, jlongArray tape,
                                                                                   jbyteArray latin1, jcharArray utf16,
                                                                                   jbyteArray spans) {
    (void)cls;
    hyson_context *ctx = (hyson_context *)(intptr_t)handle;
    if (ctx == NULL || (size_t)(*env)->GetArrayLength(env, spans) < ctx->tape.spans_size ||
        !hyson_copy_out(env, ctx, tape, latin1, utf16)) {
        return JNI_FALSE;
    }
    if (ctx->tape.spans_size > 0) {
        (*env)->SetByteArrayRegion(env, spans, 0, (jsize)ctx->tape.spans_size, (const jbyte *)ctx->tape.spans);
    }
    hyson_context_trim(ctx);
    return JNI_TRUE;
}

/* Drops the entries an event-tape window scan has written so far, copying nothing (validation). */
JNIEXPORT void JNICALL Java_dev_hyson_internal_scan_NativeScanner_windowDrop0(JNIEnv *env, jclass cls, jlong handle) {
    (void)env;
    (void)cls;
    hyson_context *ctx = (hyson_context *)(intptr_t)handle;
    if (ctx != NULL) {
        hyson_window_take(&ctx->tape);
    }
}

/*
 * Takes the entries an event-tape window scan (HYSON_EVENTS) has written so far: fills info with their
 * sizes and, when the Java arrays hold them, copies them out and empties the context's tape (its grammar
 * state stays for the next window). Returns JNI_FALSE, copying nothing, when an array is too small: the
 * caller grows its arrays to info's sizes and calls again.
 */
JNIEXPORT jboolean JNICALL Java_dev_hyson_internal_scan_NativeScanner_windowTake0(JNIEnv *env, jclass cls, jlong handle,
                                                                                jlongArray tape, jbyteArray latin1,
                                                                                jcharArray utf16, jbyteArray spans,
                                                                                jlongArray info) {
    (void)cls;
    hyson_context *ctx = (hyson_context *)(intptr_t)handle;
    if (ctx == NULL) {
        return JNI_FALSE;
    }
    hyson_fill_info(env, ctx, info);
    if ((size_t)(*env)->GetArrayLength(env, spans) < ctx->tape.spans_size ||
        !hyson_copy_out(env, ctx, tape, latin1, utf16)) {
        return JNI_FALSE;
    }
    if (ctx->tape.spans_size > 0) {
        (*env)->SetByteArrayRegion(env, spans, 0, (jsize)ctx->tape.spans_size, (const jbyte *)ctx->tape.spans);
    }
    hyson_window_take(&ctx->tape);
    return JNI_TRUE;
}

/*
 * The JSON Lines of src[start, end) in one call (hyson_scan_lines): every line that ends in a line feed,
 * and when last the line the window ends with. Returns HYSON_OK when the tape and the line records
 * (HYSON_LINE_FIELDS per line) were copied into the Java arrays (sizes, the record count, the offset
 * after the last line consumed and the line feeds consumed in info); HYSON_ARRAYS_TOO_SMALL when an
 * array is too small (then grow them to info's sizes and call linesCopyOut0); HYSON_ERR_BAD_ARGUMENT
 * for a bad handle, kernel or range; HYSON_ERR_OUT_OF_MEMORY. The lines' own errors are in the records.
 */
JNIEXPORT jint JNICALL Java_dev_hyson_internal_scan_NativeScanner_scanLines0(
    JNIEnv *env, jclass cls, jlong handle, jint kernel_index, jbyteArray src, jint start, jint end, jboolean last,
    jlong max_string_length, jlong max_document_length, jint max_depth, jint max_number_length, jint flags,
    jlongArray tape, jint tape_length, jbyteArray latin1, jint latin1_length, jcharArray utf16, jint utf16_length,
    jlongArray records, jint records_length, jlongArray info) {
    (void)cls;
    return hyson_scan_and_copy(env, (hyson_context *)(intptr_t)handle, kernel_index, src, start, end, HYSON_RUN_LINES,
                               last ? 1 : 0,
                               hyson_make_config(max_string_length, max_document_length, max_depth, max_number_length, flags),
                               tape, tape_length, latin1, latin1_length, utf16, utf16_length, records, records_length, info);
}

/* After HYSON_ARRAYS_TOO_SMALL from scanLines0: copies its tape and records into the grown arrays. */
JNIEXPORT jboolean JNICALL Java_dev_hyson_internal_scan_NativeScanner_linesCopyOut0(JNIEnv *env, jclass cls,
                                                                                  jlong handle, jlongArray tape,
                                                                                  jbyteArray latin1, jcharArray utf16,
                                                                                  jlongArray records) {
    (void)cls;
    hyson_context *ctx = (hyson_context *)(intptr_t)handle;
    if (ctx == NULL || !hyson_copy_out(env, ctx, tape, latin1, utf16) ||
        !hyson_copy_lines(env, ctx, records, (*env)->GetArrayLength(env, records))) {
        return JNI_FALSE;
    }
    return JNI_TRUE; /* kept for the stream's next window (hyson_scan_and_copy) */
}

/* Frees the context's large buffers, which a JSON Lines stream keeps from window to window, when the stream is done. */
JNIEXPORT void JNICALL Java_dev_hyson_internal_scan_NativeScanner_trim0(JNIEnv *env, jclass cls, jlong handle) {
    (void)env;
    (void)cls;
    hyson_context *ctx = (hyson_context *)(intptr_t)handle;
    if (ctx != NULL) {
        hyson_context_trim(ctx);
    }
}
