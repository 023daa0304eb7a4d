package dev.hyson.internal.bind;

/**
 * A binding failure at a tape entry, thrown inside a bind and turned into the public exception of
 * its format (with location and JSON Pointer) by {@link TapeReader#toPublic} at the entry point.
 * It carries no stack trace: it never escapes.
 */
public final class BindFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The kinds, mapped to {@code JsonParseException.Kind} and {@code MessagePackException.Kind}. */
    public enum Problem {
        TYPE_MISMATCH, VALUE_OUT_OF_RANGE, UNKNOWN_ENUM_CONSTANT, MISSING_MEMBER, UNKNOWN_MEMBER, INVALID_FORMAT,
        MISSING_DISCRIMINATOR, UNKNOWN_DISCRIMINATOR, DUPLICATE_KEY,
        /** MessagePack only: a timestamp extension whose payload is no timestamp. */
        INVALID_TIMESTAMP
    }

    final Problem problem;
    /** The tape index of the value's first entry. */
    final int entry;

    BindFailure(Problem problem, int entry, String message, Throwable cause) {
        super(message, cause, false, false);
        this.problem = problem;
        this.entry = entry;
    }
}
