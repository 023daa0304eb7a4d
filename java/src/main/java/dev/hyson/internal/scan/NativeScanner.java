package dev.hyson.internal.scan;

import dev.hyson.SurrogatePolicy;
import dev.hyson.internal.tape.Tape;
import java.lang.ref.Cleaner;

/**
 * The native backend: the C scanner in {@code native/} through JNI, one call per document. It writes
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
        final long[] info = new long[6];

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
            f |= 1;
        }
        if (cfg.allowComments) {
            f |= 1 << 1;
        }
        if (cfg.allowTrailingCommas) {
            f |= 1 << 2;
        }
        if (cfg.allowNonFiniteLiterals) {
            f |= 1 << 3;
        }
        if (cfg.allowInfinityForOverflow) {
            f |= 1 << 4;
        }
        if (cfg.bigDecimals) {
            f |= 1 << 5;
        }
        int surrogates = cfg.loneSurrogates == SurrogatePolicy.KEEP ? 0 : cfg.loneSurrogates == SurrogatePolicy.REPLACE ? 1 : 2;
        return f | surrogates << 6;
    }

    @Override
    public boolean scan(byte[] src, int start, int end, ReadConfig cfg, Tape tape) {
        Context ctx = context(tape);
        long[] info = ctx.info;
        int rc = scan0(ctx.handle, kernelIndex, src, start, end, cfg.maxStringLength, cfg.maxDocumentLength,
                cfg.maxDepth, cfg.maxNumberLength, flags(cfg), tape.entries, tape.latin1, tape.utf16, info);
        if (rc == 0 || rc == -1) {
            int size = (int) info[0];
            if (rc == -1) {
                tape.size = 0;
                tape.ensure(size);
                tape.latin1Size = 0;
                tape.ensureLatin1((int) info[1]);
                tape.utf16Size = 0;
                tape.ensureUtf16((int) info[2]);
                copyOut0(ctx.handle, tape.entries, tape.latin1, tape.utf16);
            }
            tape.size = size;
            tape.latin1Size = (int) info[1];
            tape.utf16Size = (int) info[2];
            return true;
        }
        if (rc == 100) {
            throw new OutOfMemoryError("native scanner could not allocate its tape");
        }
        tape.errorCode = rc;
        tape.errorOffset = info[3];
        return false;
    }

    @Override
    public int scanWindow(byte[] src, int start, int end, boolean last, long base, ReadConfig cfg, Tape tape) {
        Context ctx = context(tape);
        long[] info = ctx.info;
        boolean first = !tape.windowed;
        tape.windowed = true;
        int rc = scanWindow0(ctx.handle, kernelIndex, src, start, end, last, base, first, cfg.maxStringLength,
                cfg.maxDocumentLength, cfg.maxDepth, cfg.maxNumberLength, flags(cfg), info);
        if (rc == -1) {
            tape.resumeAt = (int) (info[5] - base);
            return WINDOW_MORE;
        }
        if (rc == 0) {
            tape.size = 0;
            tape.ensure((int) info[0]);
            tape.latin1Size = 0;
            tape.ensureLatin1((int) info[1]);
            tape.utf16Size = 0;
            tape.ensureUtf16((int) info[2]);
            tape.spansSize = 0;
            tape.ensureSpans((int) info[4]);
            if (!windowCopyOut0(ctx.handle, tape.entries, tape.latin1, tape.utf16, tape.spans)) {
                throw new IllegalStateException("native windowed tape could not be copied");
            }
            tape.size = (int) info[0];
            tape.latin1Size = (int) info[1];
            tape.utf16Size = (int) info[2];
            tape.spansSize = (int) info[4];
            return WINDOW_DONE;
        }
        if (rc == 100) {
            throw new OutOfMemoryError("native scanner could not allocate its tape");
        }
        tape.errorCode = rc;
        tape.errorOffset = info[3];
        return WINDOW_ERROR;
    }

    static native int abiVersion0();

    static native String[] kernels0();

    static native long open0();

    static native void close0(long handle);

    static native int scan0(long handle, int kernelIndex, byte[] src, int start, int end, long maxStringLength,
            long maxDocumentLength, int maxDepth, int maxNumberLength, int flags, long[] tape, byte[] latin1,
            char[] utf16, long[] info);

    static native void copyOut0(long handle, long[] tape, byte[] latin1, char[] utf16);

    static native int scanWindow0(long handle, int kernelIndex, byte[] src, int start, int end, boolean last, long base,
            boolean first, long maxStringLength, long maxDocumentLength, int maxDepth, int maxNumberLength, int flags,
            long[] info);

    static native boolean windowCopyOut0(long handle, long[] tape, byte[] latin1, char[] utf16, byte[] spans);
}
