package dev.hyson.internal.bind;

import dev.hyson.JsonException;
import dev.hyson.JsonParseException;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.text.LineCounter;
import dev.hyson.msgpack.MessagePackException;

/** Binding's failures as the public exceptions, and how a value's kind is named in their messages. */
final class BindErrors {
    private BindErrors() {
    }

    /** What a value of {@code tag} is, for messages. */
    static String found(int tag) {
        switch (tag) {
            case Tape.OBJECT:
                return "an object";
            case Tape.ARRAY:
                return "an array";
            case Tape.INT64:
            case Tape.BIG_INTEGER:
                return "an integer";
            case Tape.DOUBLE:
            case Tape.BIG_DECIMAL:
                return "a decimal number";
            case Tape.TRUE:
                return "true";
            case Tape.FALSE:
                return "false";
            case Tape.NULL:
                return "null";
            case PackTape.BINARY:
                return "binary";
            case PackTape.EXT:
                return "an extension";
            default:
                return "a string";
        }
    }

    /**
     * @param r the reader that failed
     * @param f the failure
     * @return a {@link JsonParseException} with line, column, byte and pointer for JSON, a
     *     {@link MessagePackException} with byte and pointer for MessagePack
     */
    static RuntimeException toPublic(TapeReader r, BindFailure f) {
        String pointer = Pointers.at(r, f.entry);
        long at = f.entry < r.tape.size ? (Tape.payload(r.t[f.entry]) & PackTape.OFFSET_MASK)
                - (r.packed ? PackTape.headerBefore(r.t[f.entry], r.t[f.entry + 1]) : 0) : r.end;
        Throwable cause = f.getCause();
        if (r.packed) {
            MessagePackException.Kind kind;
            switch (f.problem) {
                case TYPE_MISMATCH:
                    kind = MessagePackException.Kind.TYPE_MISMATCH;
                    break;
                case VALUE_OUT_OF_RANGE:
                    kind = MessagePackException.Kind.INTEGER_OVERFLOW;
                    break;
                case DUPLICATE_KEY:
                    kind = MessagePackException.Kind.TYPE_MISMATCH;
                    break;
                case INVALID_FORMAT:
                    kind = MessagePackException.Kind.INVALID_TEXT;
                    break;
                default:
                    kind = MessagePackException.Kind.valueOf(f.problem.name());
            }
            return new MessagePackException(kind, f.getMessage(), at - r.start, pointer, cause);
        }
        int pos = (int) Math.max(r.start, Math.min(at, r.end));
        LineCounter lines = new LineCounter(1, 1).advance(r.text, r.start, pos);
        JsonParseException.Kind kind = f.problem == BindFailure.Problem.INVALID_TIMESTAMP ? JsonParseException.Kind.INVALID_FORMAT
                : JsonParseException.Kind.valueOf(f.problem.name());
        return new JsonParseException(kind, f.getMessage(), null, pos - r.start, lines.line(), lines.column(), pointer, cause);
    }

    /** Wraps a user codec's exception (not a JsonException) as an INVALID_FORMAT failure at entry {@code at}. */
    static BindFailure wrap(RuntimeException e, int at, Object codec) {
        if (e instanceof BindFailure) {
            return (BindFailure) e;
        }
        if (e instanceof JsonException) {
            throw e;
        }
        return new BindFailure(BindFailure.Problem.INVALID_FORMAT, at, "codec " + codec.getClass().getName() + " failed: " + e, e);
    }
}
