package dev.hyson.msgpack;

import static dev.hyson.msgpack.MsgPackTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StrDecoderTest {
    @Test
    void decode_wellFormed_isTheString() {
        byte[] b = hex("00-61-c3-a9-e2-82-ac-f0-9f-98-80");
        assertEquals("a\u00e9\u20ac\uD83D\uDE00", StrDecoder.decode(b, 1, 10, false, 0));
        assertEquals("a", StrDecoder.decode(b, 1, 1, false, 0));
    }

    @Test
    void decode_illFormed_failsAtTheOffendingByte() {
        byte[] b = hex("61-61-61-61-61-61-61-61-61-ed-a0-80-62"); // an encoded surrogate after 9 ASCII bytes
        MessagePackException e = assertThrows(MessagePackException.class, () -> StrDecoder.decode(b, 0, b.length, false, 100));
        assertEquals(MessagePackException.Kind.INVALID_UTF8, e.kind());
        assertEquals(109, e.offset());
        assertEquals(9, StrDecoder.firstInvalid(b, 0, b.length));
        assertFalse(StrDecoder.isWellFormed(b, 0, b.length));
        assertTrue(StrDecoder.isWellFormed(b, 0, 9));
    }

    @Test
    void decode_illFormedWithReplace_isU_FFFD() {
        byte[] b = hex("61-c0-af-62");
        assertEquals("a\uFFFD\uFFFDb", StrDecoder.decode(b, 0, 4, true, 0));
    }

    @Test
    void isAscii_checksEveryByte_aroundTheEightByteBlocks() {
        byte[] b = new byte[19];
        java.util.Arrays.fill(b, (byte) 'a');
        assertTrue(StrDecoder.isAscii(b, 0, 19));
        for (int i = 0; i < 19; i++) {
            b[i] = (byte) 0x80;
            assertFalse(StrDecoder.isAscii(b, 0, 19), "high bit at " + i);
            assertTrue(i == 0 || StrDecoder.isAscii(b, 0, i), "prefix before " + i);
            b[i] = 'a';
        }
    }
}
