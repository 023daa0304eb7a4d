package dev.hyson.msgpack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class InputBufferTest {
    /** A stream that hands out one byte per read, the worst case for refilling. */
    private static InputStream oneByteAtATime(byte[] data) {
        return new ByteArrayInputStream(data) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        };
    }

    private static byte[] counting(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 7 + 1);
        }
        return b;
    }

    @Test
    void require_oneByteStream_refillsUntilAvailable() {
        byte[] data = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
        InputBuffer in = new InputBuffer(Long.MAX_VALUE);
        in.setInput(oneByteAtATime(data));
        in.require(1);
        assertEquals(0x01, in.u8());
        in.require(2);
        assertEquals(0x0203, in.u16());
        in.require(4);
        assertEquals(0x04050607, in.i32());
        in.require(8);
        assertEquals(0x08090a0b0c0d0e0fL, in.i64());
        assertEquals(15, in.offset());
        assertFalse(in.hasNext());
    }

    @Test
    void require_oneByteStream_growsPastTheFirstBuffer() {
        byte[] data = counting(20_000);
        InputBuffer in = new InputBuffer(Long.MAX_VALUE);
        in.setInput(oneByteAtATime(data));
        in.require(3);
        in.skip(3);
        in.require(19_990);
        assertEquals(3, in.offset());
        assertArrayEquals(Arrays.copyOfRange(data, 3, 19_993), Arrays.copyOfRange(in.buf, in.pos, in.pos + 19_990));
    }

    @Test
    void skip_oneByteStream_dropsBytesAndKeepsTheOffset() {
        byte[] data = counting(10_005);
        InputBuffer in = new InputBuffer(Long.MAX_VALUE);
        in.setInput(oneByteAtATime(data));
        in.skip(10_000);
        assertEquals(10_000, in.offset());
        in.require(1);
        assertEquals(data[10_000] & 0xFF, in.u8());
        assertEquals(10_001, in.offset());
        assertTrue(in.hasNext());
    }

    @Test
    void require_pastTheEndOfAStream_failsWithTheOffsetOfTheEnd() {
        InputBuffer in = new InputBuffer(Long.MAX_VALUE);
        in.setInput(oneByteAtATime(counting(5)));
        in.require(1);
        in.u8();
        MessagePackException e = assertThrows(MessagePackException.class, () -> in.require(20));
        assertEquals(MessagePackException.Kind.TRUNCATED, e.kind());
        assertEquals(5, e.offset());
        assertEquals("unexpected end of input: 20 bytes needed, 4 remain", e.detail());
    }

    @Test
    void skip_pastTheEndOfAStream_failsWithTheOffsetOfTheEnd() {
        InputBuffer in = new InputBuffer(Long.MAX_VALUE);
        in.setInput(oneByteAtATime(counting(9_000)));
        MessagePackException e = assertThrows(MessagePackException.class, () -> in.skip(9_001));
        assertEquals(MessagePackException.Kind.TRUNCATED, e.kind());
        assertEquals(9_000, e.offset());
        assertEquals("unexpected end of input: 1 byte needed, 0 remain", e.detail());
    }

    @Test
    void require_pastTheEndOfASlice_failsWithTheOffsetInTheSlice() {
        byte[] b = counting(10);
        InputBuffer in = new InputBuffer(Long.MAX_VALUE);
        in.setInput(b, 3, 4, -3); // offsets are relative to the slice
        assertEquals(0, in.offset());
        assertEquals(4, in.remaining());
        in.require(1);
        assertEquals(b[3] & 0xFF, in.u8());
        MessagePackException e = assertThrows(MessagePackException.class, () -> in.require(4));
        assertEquals(MessagePackException.Kind.TRUNCATED, e.kind());
        assertEquals(4, e.offset());
        assertEquals("unexpected end of input: 4 bytes needed, 3 remain", e.detail());
    }

    @Test
    void require_streamLongerThanMaxDocumentLength_failsAsSoonAsMoreIsRead() {
        InputBuffer in = new InputBuffer(100);
        in.setInput(new ByteArrayInputStream(counting(101)));
        MessagePackException e = assertThrows(MessagePackException.class, () -> in.require(1));
        assertEquals(MessagePackException.Kind.LIMIT_EXCEEDED, e.kind());
        assertEquals(100, e.offset());
        assertEquals("document longer than maxDocumentLength (100 bytes)", e.detail());

        InputBuffer exact = new InputBuffer(100);
        exact.setInput(oneByteAtATime(counting(100)));
        exact.skip(100);
        assertFalse(exact.hasNext());
        assertEquals(100, exact.offset());
    }

    @Test
    void clearInput_dropsTheInput() {
        InputBuffer in = new InputBuffer(Long.MAX_VALUE);
        in.setInput(counting(8), 0, 8, 0);
        in.clearInput();
        assertEquals(0, in.remaining());
        assertFalse(in.hasNext());
        assertEquals(0, in.buf.length);
    }
}
