package dev.hyson.internal.scan;

import dev.hyson.SurrogatePolicy;
import dev.hyson.internal.tape.Tape;
import java.lang.ref.Cleaner;

/**
 * The native backend: the C scanner in {@code native/} through JNI, one call per document (or per
 * window of JSON Lines, {@link #scanLines}). It writes
 * the same tape and the same error codes as {@link JavaScanner} (the differential tests hold it to
 * that), so one materializer serves both.
 *
 * <p>Each {@link Tape} (one per thread) owns a native context with the C side's buffers; it is
 * freed by a {@link Cleaner} when the tape becomes unreachable. Instances are immutable and
 * thread-safe; each is bound to one CPU kernel.
 */
public final class NativeScanner implements Scanner {
    private static final Cleaner CLEANER = Cleaner.create();

    private final String kernel;
    private final int kernelIndex;

    NativeScanner(String kernel, int kernelIndex) {
        this.kernel = kernel;
        this.kernelIndex = kernelIndex;
    }

    @Override
    public String name() {
        return "native";
    }

    @Override
    public String kernel() {
        return kernel;
    }

    /** The C side's buffers for one tape; freed by the cleaner. */
    static final class Context implements Runnable {
        final long handle;
        final long[] info = new long[NativeAbi.HYSON_INFO_LENGTH];

        Context(long handle) {
            this.handle = handle;
        }

        @Override
        public void run() {
            close0(handle);
        }
    }

    private static Context context(Tape tape) {
        Object c = tape.nativeContext;
        if (c instanceof Context) {
            return (Context) c;
        }
        long handle = open0();
        if (handle == 0) {
            throw new OutOfMemoryError("cannot allocate a native scanner context");
        }
        Context ctx = new Context(handle);
        CLEANER.register(tape, ctx);
        tape.nativeContext = ctx;
        return ctx;
    }

    static int flags(ReadConfig cfg) {
        int f = 0;
        if (cfg.allowByteOrderMark) {
            f |= NativeAbi.HYSON_ALLOW_BYTE_ORDER_MARK;
        }
        if (cfg.allowComments) {
            f |= NativeAbi.HYSON_ALLOW_COMMENTS;
        }
        if (cfg.allowTrailingCommas) {
            f |= NativeAbi.HYSON_ALLOW_TRAILING_COMMAS;
        }
        if (cfg.allowNonFiniteLiterals) {
            f |= NativeAbi.HYSON_ALLOW_NON_FINITE_LITERALS;
        }
        if (cfg.allowInfinityForOverflow) {
            f |= NativeAbi.HYSON_ALLOW_INFINITY_FOR_OVERFLOW;
        }
        if (cfg.bigDecimals) {
            f |= NativeAbi.HYSON_BIG_DECIMALS;
        }
        int surrogates = cfg.loneSurrogates == SurrogatePolicy.KEEP ? NativeAbi.HYSON_SURROGATES_KEEP
                : cfg.loneSurrogates == SurrogatePolicy.REPLACE ? NativeAbi.HYSON_SURROGATES_REPLACE
                : NativeAbi.HYSON_SURROGATES_ERROR;
        return f | surrogates << NativeAbi.HYSON_SURROGATES_SHIFT;
    }

    @Override
    public boolean scan(byte[] src, int start, int end, ReadConfig cfg, Tape tape) {
        Context ctx = context(tape);
        long[] info = ctx.info;
        int rc = scan0(ctx.handle, kernelIndex, src, start, end, cfg.maxStringLength, cfg.maxDocumentLength,
                cfg.maxDepth, cfg.maxNumberLength, flags(cfg), tape.entries, tape.entries.length, tape.latin1,
                tape.latin1.length, tape.utf16, tape.utf16.length, info);
        if (rc == NativeAbi.HYSON_OK || rc == NativeAbi.HYSON_ARRAYS_TOO_SMALL) {
            int size = (int) info[NativeAbi.HYSON_INFO_TAPE_SIZE];
            int latin1Size = (int) info[NativeAbi.HYSON_INFO_LATIN1_SIZE];
            int utf16Size = (int) info[NativeAbi.HYSON_INFO_UTF16_SIZE];
            if (rc == NativeAbi.HYSON_ARRAYS_TOO_SMALL) {
                tape.size = 0;
                tape.ensure(size);
                tape.latin1Size = 0;
                tape.ensureLatin1(latin1Size);
                tape.utf16Size = 0;
                tape.ensureUtf16(utf16Size);
                copyOut0(ctx.handle, tape.entries, tape.latin1, tape.utf16);
            }
            tape.size = size;
            tape.latin1Size = latin1Size;
            tape.utf16Size = utf16Size;
            return true;
        }
        recordError(rc, info, tape);
        return false;
    }

    @Override
    public void scanLines(byte[] src, int start, int end, boolean last, ReadConfig cfg, Tape tape, LineBatch batch) {
        Context ctx = context(tape);
        long[] info = ctx.info;
        tape.reset(0);
        int rc = scanLines0(ctx.handle, kernelIndex, src, start, end, last, cfg.maxStringLength, cfg.maxDocumentLength,
                cfg.maxDepth, cfg.maxNumberLength, batch.textLines ? flags(cfg) | NativeAbi.HYSON_TEXT_LINES : flags(cfg),
                tape.entries, tape.entries.length, tape.latin1,
                tape.latin1.length, tape.utf16, tape.utf16.length, batch.records, batch.records.length, info);
        if (rc != NativeAbi.HYSON_OK && rc != NativeAbi.HYSON_ARRAYS_TOO_SMALL) {
            recordError(rc, info, tape);
            throw new IllegalStateException("native JSON Lines scan failed with code " + rc + " (a bug in hyson)");
        }
        int size = (int) info[NativeAbi.HYSON_INFO_TAPE_SIZE];
        int latin1Size = (int) info[NativeAbi.HYSON_INFO_LATIN1_SIZE];
        int utf16Size = (int) info[NativeAbi.HYSON_INFO_UTF16_SIZE];
        int lines = (int) info[NativeAbi.HYSON_INFO_LINES];
        if (rc == NativeAbi.HYSON_ARRAYS_TOO_SMALL) {
            tape.ensure(size);
            tape.ensureLatin1(latin1Size);
            tape.ensureUtf16(utf16Size);
            batch.ensure(lines);
            if (!linesCopyOut0(ctx.handle, tape.entries, tape.latin1, tape.utf16, batch.records)) {
                throw new IllegalStateException("native JSON Lines tape could not be copied (a bug in hyson)");
            }
        }
        tape.size = size;
        tape.latin1Size = latin1Size;
        tape.utf16Size = utf16Size;
        batch.count = lines;
        batch.consumed = (int) info[NativeAbi.HYSON_INFO_RESUME];
        batch.newlines = info[NativeAbi.HYSON_INFO_NEWLINES];
    }

    @Override
    public void release(Tape tape) {
        Object c = tape.nativeContext;
        if (c instanceof Context) {
            trim0(((Context) c).handle);
        }
    }

    @Override
    public int scanWindow(byte[] src, int start, int end, boolean last, long base, ReadConfig cfg, Tape tape) {
        Context ctx = context(tape);
        long[] info = ctx.info;
        boolean first = !tape.windowed;
        tape.windowed = true;
        int flags = tape.events ? flags(cfg) | NativeAbi.HYSON_EVENTS : flags(cfg);
        if (tape.inPlace) {
            flags |= NativeAbi.HYSON_IN_PLACE;
        }
        int rc = scanWindow0(ctx.handle, kernelIndex, src, start, end, last, base, first, cfg.maxStringLength,
                cfg.maxDocumentLength, cfg.maxDepth, cfg.maxNumberLength, flags, info);
        tape.countedTo = -1;
        if (rc == NativeAbi.HYSON_MORE_INPUT || rc == NativeAbi.HYSON_OK) {
            tape.countedFrom = start;
            tape.countedTo = rc == NativeAbi.HYSON_OK ? end : (int) (info[NativeAbi.HYSON_INFO_RESUME] - base);
            tape.countedNewlines = info[NativeAbi.HYSON_INFO_NEWLINES];
            tape.countedTail = info[NativeAbi.HYSON_INFO_TAIL];
        }
        if (rc == NativeAbi.HYSON_MORE_INPUT) {
            tape.resumeAt = (int) (info[NativeAbi.HYSON_INFO_RESUME] - base);
            return WINDOW_MORE;
        }
        if (rc == NativeAbi.HYSON_OK && tape.events) {
            return WINDOW_DONE; // the entries stay in the context until takeWindow
        }
        if (rc == NativeAbi.HYSON_OK) {
            int size = (int) info[NativeAbi.HYSON_INFO_TAPE_SIZE];
            int latin1Size = (int) info[NativeAbi.HYSON_INFO_LATIN1_SIZE];
            int utf16Size = (int) info[NativeAbi.HYSON_INFO_UTF16_SIZE];
            int spansSize = (int) info[NativeAbi.HYSON_INFO_SPANS_SIZE];
            tape.size = 0;
            tape.ensure(size);
            tape.latin1Size = 0;
            tape.ensureLatin1(latin1Size);
            tape.utf16Size = 0;
            tape.ensureUtf16(utf16Size);
            tape.spansSize = 0;
            tape.ensureSpans(spansSize);
            if (!windowCopyOut0(ctx.handle, tape.entries, tape.latin1, tape.utf16, tape.spans)) {
                throw new IllegalStateException("native windowed tape could not be copied");
            }
            tape.size = size;
            tape.latin1Size = latin1Size;
            tape.utf16Size = utf16Size;
            tape.spansSize = spansSize;
            return WINDOW_DONE;
        }
        recordError(rc, info, tape);
        return WINDOW_ERROR;
    }

    @Override
    public void takeWindow(Tape tape) {
        Context ctx = context(tape);
        long[] info = ctx.info;
        tape.clearEntries();
        while (!windowTake0(ctx.handle, tape.entries, tape.latin1, tape.utf16, tape.spans, info)) {
            int size = (int) info[NativeAbi.HYSON_INFO_TAPE_SIZE];
            int latin1Size = (int) info[NativeAbi.HYSON_INFO_LATIN1_SIZE];
            int utf16Size = (int) info[NativeAbi.HYSON_INFO_UTF16_SIZE];
            int spansSize = (int) info[NativeAbi.HYSON_INFO_SPANS_SIZE];
            if (size <= tape.entries.length && latin1Size <= tape.latin1.length && utf16Size <= tape.utf16.length
                    && spansSize <= tape.spans.length) {
                throw new IllegalStateException("native event tape could not be taken (a bug in hyson)");
            }
            tape.ensure(size);
            tape.ensureLatin1(latin1Size);
            tape.ensureUtf16(utf16Size);
            tape.ensureSpans(spansSize);
        }
        tape.size = (int) info[NativeAbi.HYSON_INFO_TAPE_SIZE];
        tape.latin1Size = (int) info[NativeAbi.HYSON_INFO_LATIN1_SIZE];
        tape.utf16Size = (int) info[NativeAbi.HYSON_INFO_UTF16_SIZE];
        tape.spansSize = (int) info[NativeAbi.HYSON_INFO_SPANS_SIZE];
    }

    @Override
    public void dropWindow(Tape tape) {
        windowDrop0(context(tape).handle);
        tape.clearEntries();
    }

    /**
     * Records a JSON error (code and absolute offset) in the tape, or throws for the codes from
     * {@link NativeAbi#HYSON_ERR_OUT_OF_MEMORY} up, which are not about the document.
     */
    private static void recordError(int rc, long[] info, Tape tape) {
        switch (rc) {
            case NativeAbi.HYSON_ERR_OUT_OF_MEMORY:
                throw new OutOfMemoryError("native scanner could not allocate memory for its tape or a copy of the input");
            case NativeAbi.HYSON_ERR_BAD_ARGUMENT:
                throw new IllegalArgumentException(
                        "native scanner called with a bad context, kernel or input range (a bug in hyson)");
            case NativeAbi.HYSON_ERR_CORRUPT_STATE:
                throw new IllegalStateException("native windowed scan resumed from a corrupt state (a bug in hyson)");
            default:
                tape.errorCode = rc;
                tape.errorOffset = info[NativeAbi.HYSON_INFO_ERROR_OFFSET];
        }
    }

    static native int abiVersion0();

    /** @return the kernels this CPU supports, fastest first (the C side's calibration); scan0 counts in this order */
    static native String[] kernels0();

    /** @return what the C side measured when it ranked the kernels, e.g. "avx2: fastest on ..." */
    static native String kernelChoice0();

    static native long open0();

    static native void close0(long handle);

    static native int scan0(long handle, int kernelIndex, byte[] src, int start, int end, long maxStringLength,
            long maxDocumentLength, int maxDepth, int maxNumberLength, int flags, long[] tape, int tapeLength,
            byte[] latin1, int latin1Length, char[] utf16, int utf16Length, long[] info);

    static native void copyOut0(long handle, long[] tape, byte[] latin1, char[] utf16);

    static native int scanLines0(long handle, int kernelIndex, byte[] src, int start, int end, boolean last,
            long maxStringLength, long maxDocumentLength, int maxDepth, int maxNumberLength, int flags, long[] tape,
            int tapeLength, byte[] latin1, int latin1Length, char[] utf16, int utf16Length, long[] records,
            int recordsLength, long[] info);

    static native boolean linesCopyOut0(long handle, long[] tape, byte[] latin1, char[] utf16, long[] records);

    static native void trim0(long handle);

    static native int scanWindow0(long handle, int kernelIndex, byte[] src, int start, int end, boolean last, long base,
            boolean first, long maxStringLength, long maxDocumentLength, int maxDepth, int maxNumberLength, int flags,
            long[] info);

    static native boolean windowCopyOut0(long handle, long[] tape, byte[] latin1, char[] utf16, byte[] spans);

    static native void windowDrop0(long handle);

    static native boolean windowTake0(long handle, long[] tape, byte[] latin1, char[] utf16, byte[] spans, long[] info);
}
