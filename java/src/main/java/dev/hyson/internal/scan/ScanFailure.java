package dev.hyson.internal.scan;

import dev.hyson.internal.tape.Tape;

/**
 * Thrown (without a stack trace) to unwind a failed Java scan; the error code and offset are
 * already in the tape. One shared instance: a failure allocates nothing.
 */
final class ScanFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private static final ScanFailure INSTANCE = new ScanFailure();

    private ScanFailure() {
        super(null, null, false, false);
    }

    /**
     * Records the error in the tape.
     *
     * @param tape the tape the scan writes
     * @param code the {@link ScanError} code
     * @param at the offset of the error
     * @return the failure to throw
     */
    static ScanFailure fail(Tape tape, int code, long at) {
        tape.errorCode = code;
        tape.errorOffset = at;
        return INSTANCE;
    }
}
