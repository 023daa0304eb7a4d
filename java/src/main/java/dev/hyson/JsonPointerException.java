package dev.hyson;

/**
 * A JSON Pointer that does not lead to a value of the wanted kind: its text is malformed, it names a
 * member the object lacks or an index past the array's end, or the value there is not of the type
 * asked for. {@link #pointer()} names the value (RFC 6901 text form) where the lookup stopped.
 */
public class JsonPointerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Kind {
        /** The pointer's text is not RFC 6901's (it does not start with '/', or has a bad '~' escape). */
        INVALID_POINTER,
        /** An object has no member of the token's name. */
        MISSING_MEMBER,
        /** An array has no element at the token's index (or the token is not an index: {@code "-"}, {@code "01"}). */
        INDEX_OUT_OF_RANGE,
        /** The value is not of the type asked for (a token into a string, {@code asLong} of a string, ...). */
        TYPE_MISMATCH
    }

    /** What went wrong. */
    private final Kind kind;
    /** The pointer (RFC 6901 text) where the lookup stopped. */
    private final String pointer;

    /**
     * @param kind what went wrong
     * @param pointer the pointer of the value where the lookup stopped (its text form)
     * @param message what was expected there; the exception's message is {@code no value at "POINTER": message}
     *     (a missing member or element), {@code value at "POINTER": message} (a type mismatch) or
     *     {@code invalid JSON Pointer "POINTER": message}
     */
    public JsonPointerException(Kind kind, String pointer, String message) {
        super(prefix(kind) + " \"" + pointer + "\": " + message);
        this.kind = kind;
        this.pointer = pointer;
    }

    private static String prefix(Kind kind) {
        switch (kind) {
            case INVALID_POINTER:
                return "invalid JSON Pointer";
            case TYPE_MISMATCH:
                return "value at";
            default:
                return "no value at";
        }
    }

    /** @return what went wrong */
    public Kind kind() {
        return kind;
    }

    /**
     * @return the pointer (RFC 6901 text) of the missing member or element, of the value of the wrong
     *     type, or the malformed pointer itself
     */
    public String pointer() {
        return pointer;
    }
}
