package dev.hyson.msgpack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.function.Executable;

/** Assertions on {@link MessagePackException}s. */
final class MsgPackAssertions {
    private MsgPackAssertions() {
    }

    /** Asserts that {@code call} fails with this kind, byte offset and detail message. */
    static void assertFails(MessagePackException.Kind kind, long offset, String detail, Executable call) {
        MessagePackException e = assertThrows(MessagePackException.class, call);
        assertEquals(kind, e.kind(), e.getMessage());
        assertEquals(offset, e.offset(), e.getMessage());
        assertEquals(detail, e.detail());
    }
}
